import type { Permissions, QueueName, SecretName } from '../lib/function-deployment';
import { kebabCase } from './functions';

/**
 * IAM for the functions: each function's permissions (lib/function-deployment.ts) as the policy
 * statements of a role, on the stack's named resources. Functions whose permissions are the same
 * share one role: each still has exactly the calls it makes, and the stack one resource fewer per
 * function alike (CloudFormation takes 500 in a stack).
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface Statement {
  Effect: 'Allow';
  Action: string[];
  Resource: Json;
  Condition?: Json;
}

const pascalCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A queue's logical id in serverless.yml (`JobsQueue`). */
export function queueLogicalId(queue: QueueName): string {
  return `${pascalCase(queue)}Queue`;
}

const tableArn = { 'Fn::GetAtt': ['Table', 'Arn'] };
const accountArn = (service: string, resource: string) => ({
  'Fn::Sub': `arn:\${AWS::Partition}:${service}:\${AWS::Region}:\${AWS::AccountId}:${resource}`,
});

/** The serverless.yml param naming a secret's SSM parameter (`webhookSecretParameter`): a path per stage. */
const secretParameter = (secret: SecretName) => `\${param:${secret}Parameter}`;

/** The statements of a role allowing exactly `permissions`. */
export function policyStatements(permissions: Permissions): Statement[] {
  const statements: Statement[] = [];
  if (permissions.table?.length) {
    statements.push({ Effect: 'Allow', Action: permissions.table.map((action) => `dynamodb:${action}`), Resource: tableArn });
  }
  for (const index of permissions.queries ?? []) {
    statements.push({ Effect: 'Allow', Action: ['dynamodb:Query'], Resource: { 'Fn::Join': ['', [tableArn, `/index/${index}`]] } });
  }
  const queues = new Set<QueueName>([...(permissions.consumes ? [permissions.consumes] : []), ...(permissions.sendsTo ?? [])]);
  for (const queue of queues) {
    const consumed = permissions.consumes === queue;
    const sent = permissions.sendsTo?.includes(queue) ?? false;
    statements.push({
      Effect: 'Allow',
      Action: [
        ...(consumed ? ['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:GetQueueAttributes'] : []),
        ...(sent ? ['sqs:SendMessage'] : []),
      ],
      Resource: { 'Fn::GetAtt': [queueLogicalId(queue), 'Arn'] },
    });
  }
  if (permissions.secrets?.length) {
    for (const secret of permissions.secrets) {
      statements.push({
        Effect: 'Allow',
        Action: ['ssm:GetParameter'],
        Resource: accountArn('ssm', `parameter${secretParameter(secret)}`),
      });
    }
    // SecureString parameters are decrypted with the account's key for SSM (aws/ssm), through SSM only.
    statements.push({
      Effect: 'Allow',
      Action: ['kms:Decrypt'],
      Resource: accountArn('kms', 'key/*'),
      Condition: { StringEquals: { 'kms:ViaService': { 'Fn::Sub': 'ssm.${AWS::Region}.amazonaws.com' } } },
    });
  }
  if (permissions.transcriptObjects?.length) {
    statements.push({
      Effect: 'Allow',
      Action: permissions.transcriptObjects.map((action) => `s3:${action}`),
      Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': ['TranscriptsBucket', 'Arn'] }, '/workspaces/*']] },
    });
  }
  if (permissions.sendsEmail) {
    // From the verified sender only (its identity may be the address or its domain).
    statements.push({
      Effect: 'Allow',
      Action: ['ses:SendEmail'],
      Resource: accountArn('ses', 'identity/*'),
      Condition: { StringEquals: { 'ses:FromAddress': '${param:notifyFromEmail}' } },
    });
  }
  if (permissions.invokesModels) {
    // Foundation models and inference profiles, in any region (a cross-region profile calls several).
    statements.push({
      Effect: 'Allow',
      Action: ['bedrock:InvokeModel'],
      Resource: [
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:*::foundation-model/*']] },
        { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:*:', { Ref: 'AWS::AccountId' }, ':inference-profile/*']] },
      ],
    });
  }
  return statements;
}

export interface RoleAssignment {
  /** Each function's role, by the function's name. */
  roleOf: Record<string, string>;
  /** The roles, as CloudFormation resources by logical id. */
  resources: Record<string, Json>;
}

/** One role per distinct set of permissions, named after the first function that has it. */
export function rolesFor(functions: readonly { name: string; permissions: Permissions }[]): RoleAssignment {
  const roleOf: Record<string, string> = {};
  const byStatements = new Map<string, { id: string; statements: Statement[]; functions: string[] }>();
  for (const fn of functions) {
    const statements = policyStatements(fn.permissions);
    const key = JSON.stringify(statements);
    let role = byStatements.get(key);
    if (!role) {
      role = { id: `${pascalCase(fn.name)}Role`, statements, functions: [] };
      byStatements.set(key, role);
    }
    role.functions.push(fn.name);
    roleOf[fn.name] = role.id;
  }
  const resources: Record<string, Json> = {};
  for (const role of byStatements.values()) {
    resources[role.id] = {
      Type: 'AWS::IAM::Role',
      Properties: {
        Description: `The function${role.functions.length > 1 ? 's' : ''} ${role.functions.map(kebabCase).join(', ')}: only the calls ${role.functions.length > 1 ? 'they make' : 'it makes'}.`,
        AssumeRolePolicyDocument: {
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }],
        },
        // Every function's: its logs, and its X-Ray trace segments (provider.tracing).
        ManagedPolicyArns: [
          'arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
          'arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess',
        ],
        ...(role.statements.length
          ? {
              Policies: [{ PolicyName: 'calls', PolicyDocument: { Version: '2012-10-17', Statement: role.statements as unknown as Json } }],
            }
          : {}),
      },
    };
  }
  return { roleOf, resources };
}
