/* eslint-disable @typescript-eslint/no-explicit-any -- reads an arbitrary CloudFormation template */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { routeKey, routes as apiRoutes } from '../../../lib/http/routes';
import { ANALYSIS_LEASE_SECONDS } from '../../../lib/transcripts/analyse-stored-transcript';

/** `serverless package` offline, with no AWS credentials, and checks on the template it writes. */
const root = join(__dirname, '../../..');
const out = mkdtempSync(join(tmpdir(), 'sls-package-'));
// A build folder of its own: the shared one belongs to the stack's serverless offline.
const workFolder = `.esbuild-template-test-${process.pid}`;

interface Resource {
  Type: string;
  Properties: Record<string, any>;
}
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const logicalIdOf = (ref: unknown): string => {
  const value = ref as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
  return value['Fn::GetAtt']?.[0] ?? value.Ref ?? String(ref);
};

beforeAll(async () => {
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: 'none',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    ESBUILD_WORK_FOLDER: workFolder,
  };
  await promisify(execFile)(join(root, 'node_modules/.bin/serverless'), ['package', '--stage', 'prod', '--package', out], {
    cwd: root,
    env,
  });
  resources = JSON.parse(readFileSync(join(out, 'cloudformation-template-update-stack.json'), 'utf8')).Resources;
}, 120_000);
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(join(root, workFolder), { recursive: true, force: true });
});

describe('the packaged CloudFormation template', () => {
  it('bundles every function on its own', () => {
    const functions = ofType('AWS::Lambda::Function');
    const zips = readdirSync(out).filter((file) => file.endsWith('.zip'));

    expect(functions.length).toBeGreaterThanOrEqual(5);
    expect(zips).toHaveLength(functions.length);
    for (const [, fn] of functions) expect(fn.Properties.Runtime).toBe('nodejs22.x');
  });

  it('declares the table on demand, with TTL, point-in-time recovery and encryption', () => {
    const [[, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource]];

    expect(table.Properties.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: 'expiresAt', Enabled: true });
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.SSESpecification).toEqual({ SSEEnabled: true });
  });

  it('gives every consumed queue a dead-letter queue after at least 5 receives', () => {
    const consumed = ofType('AWS::Lambda::EventSourceMapping').map(([, mapping]) => logicalIdOf(mapping.Properties.EventSourceArn));

    expect(consumed.length).toBeGreaterThanOrEqual(2);
    for (const queueId of consumed) {
      const redrive = resources[queueId]?.Properties.RedrivePolicy;
      expect(redrive?.maxReceiveCount).toBeGreaterThanOrEqual(5);
      expect(resources[logicalIdOf(redrive.deadLetterTargetArn)]?.Type).toBe('AWS::SQS::Queue');
    }
  });

  it("alarms on every dead-letter queue's depth from its first message, to an SNS topic", () => {
    const deadLetterQueues = new Set(
      ofType('AWS::SQS::Queue').flatMap(([, queue]) =>
        queue.Properties.RedrivePolicy ? [logicalIdOf(queue.Properties.RedrivePolicy.deadLetterTargetArn)] : [],
      ),
    );
    const alarmed = ofType('AWS::CloudWatch::Alarm')
      .map(([, alarm]) => alarm.Properties)
      .filter((alarm) => alarm.Namespace === 'AWS/SQS' && alarm.MetricName === 'ApproximateNumberOfMessagesVisible');

    expect(deadLetterQueues.size).toBeGreaterThanOrEqual(4);
    for (const queueId of deadLetterQueues) {
      const alarm = alarmed.find((candidate) =>
        candidate.Dimensions.some((d: any) => d.Name === 'QueueName' && logicalIdOf(d.Value) === queueId),
      );
      expect({ queueId, alarm: alarm && { threshold: alarm.Threshold, comparison: alarm.ComparisonOperator } }).toEqual({
        queueId,
        alarm: { threshold: 1, comparison: 'GreaterThanOrEqualToThreshold' },
      });
      expect(alarm?.AlarmActions.map((action: unknown) => resources[logicalIdOf(action)]?.Type)).toEqual(['AWS::SNS::Topic']);
    }
  });

  it("sets each queue's visibility timeout to at least 6 times its consumer's timeout, and reports batch item failures", () => {
    for (const [, mapping] of ofType('AWS::Lambda::EventSourceMapping')) {
      const fn = resources[logicalIdOf(mapping.Properties.FunctionName)]!;
      const queue = resources[logicalIdOf(mapping.Properties.EventSourceArn)]!;

      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Properties.Timeout);
    }
  });

  it('holds a started transcript analysis longer than the transcripts worker can run (so a live run is never doubled)', () => {
    expect(resources.TranscriptsWorkerLambdaFunction!.Properties.Timeout).toBeLessThan(ANALYSIS_LEASE_SECONDS);
  });

  it('routes the endpoints and a catch-all through the HTTP API', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey);

    expect(routes).toEqual(expect.arrayContaining(['POST /api/v1/social-selling/like', 'GET /api/v1/jobs/{jobId}', '$default']));
  });

  it('gives each function a role of its own with only the calls it makes, on named resources', () => {
    const roleOf = (fnId: string) => {
      const roleId = logicalIdOf(resources[fnId]!.Properties.Role);
      const statements = (resources[roleId]!.Properties.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement);
      return { roleId, statements, actions: statements.flatMap((s: any) => s.Action) as string[] };
    };
    const functions = ofType('AWS::Lambda::Function').map(([id]) => id);

    expect(new Set(functions.map((id) => roleOf(id).roleId)).size).toBe(functions.length);
    for (const id of functions) {
      for (const statement of roleOf(id).statements) {
        // Every resource named (Bedrock's model ARNs may end in a wildcard: the model is configured).
        for (const resource of ([] as unknown[]).concat(statement.Resource)) expect(resource).not.toBe('*');
        expect(([] as string[]).concat(statement.Action).some((action) => action.endsWith('*'))).toBe(false);
      }
    }
    expect(roleOf('NotFoundLambdaFunction').actions).toEqual([]);
    expect(roleOf('JobsGetLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    // The jobs sweep reads the queued index and fails stale jobs: nothing else (no queue, no event).
    const table = { 'Fn::GetAtt': ['Table', 'Arn'] };
    expect(roleOf('JobsSweepLambdaFunction').statements).toEqual([
      { Effect: 'Allow', Action: ['dynamodb:UpdateItem'], Resource: table },
      { Effect: 'Allow', Action: ['dynamodb:Query'], Resource: { 'Fn::Join': ['', [table, '/index/gsi1']] } },
    ]);
    expect(roleOf('LikeLambdaFunction').actions).toContain('sqs:SendMessage');
    expect(roleOf('LikeLambdaFunction').actions).not.toContain('sqs:ReceiveMessage');
    expect(roleOf('JobsWorkerLambdaFunction').actions).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    // Transcripts: the endpoint writes objects and never reads them; the worker reads and never writes.
    // DeleteObject: it removes the content of a request it refused or could not record (accept-transcript.ts).
    expect(roleOf('TranscriptAddLambdaFunction').actions).toEqual(
      expect.arrayContaining(['s3:PutObject', 's3:DeleteObject', 'sqs:SendMessage']),
    );
    expect(roleOf('TranscriptAddLambdaFunction').actions).not.toContain('s3:GetObject');
    expect(roleOf('TranscriptsWorkerLambdaFunction').actions).toEqual(
      expect.arrayContaining(['s3:GetObject', 'sqs:ReceiveMessage', 'bedrock:InvokeModel']),
    );
    expect(roleOf('TranscriptsWorkerLambdaFunction').actions).not.toContain('s3:PutObject');
    expect(roleOf('TranscriptsListLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    // The report pages read the transcript, its workspace and its content (and the link's page its signing key): nothing else, and never write.
    expect(roleOf('TranscriptReportPageLambdaFunction').actions.sort()).toEqual([
      'dynamodb:GetItem',
      'kms:Decrypt',
      's3:GetObject',
      'ssm:GetParameter',
    ]);
    expect(roleOf('TranscriptReportGetLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem', 's3:GetObject']);
  });

  it("lets every api-key route's function count the request (UpdateItem on the table), and no public one", () => {
    // Routes without an api key, as the route table says (and the catch-all).
    const publicRoutes = [...apiRoutes.filter((route) => route.auth !== 'api-key').map((route) => routeKey(route)), '$default'];
    const functionOfRoute = (route: Resource) => {
      const integrationId = logicalIdOf(route.Properties.Target['Fn::Join'][1][1]);
      return logicalIdOf(resources[integrationId]!.Properties.IntegrationUri);
    };
    const canUpdateTable = (fnId: string) => {
      const role = resources[logicalIdOf(resources[fnId]!.Properties.Role)]!;
      const statements = (role.Properties.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement);
      return statements.some(
        (s: any) => ([] as string[]).concat(s.Action).includes('dynamodb:UpdateItem') && logicalIdOf(s.Resource) === 'Table',
      );
    };
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => ({
      key: route.Properties.RouteKey as string,
      fn: functionOfRoute(route),
    }));
    const apiKeyRoutes = routes.filter((route) => !publicRoutes.includes(route.key));

    expect(apiKeyRoutes.map((route) => route.key).sort()).toEqual(
      apiRoutes
        .filter((route) => route.auth === 'api-key')
        .map((route) => routeKey(route))
        .sort(),
    );
    expect(apiKeyRoutes.filter((route) => !canUpdateTable(route.fn)).map((route) => route.key)).toEqual([]);
    expect(canUpdateTable(routes.find((route) => route.key === 'GET /approve/{token}')!.fn)).toBe(false);
    // The public routes that only read (the others decide an approval, record a provider's event).
    const readOnlyPublic = [
      'GET /approve/{token}',
      'GET /connect/{state}',
      'GET /reports/{token}',
      'GET /health',
      'GET /api/v1/openapi.json',
      'GET /docs',
    ];
    expect(readOnlyPublic.map((key) => ({ key, canUpdateTable: canUpdateTable(routes.find((route) => route.key === key)!.fn) }))).toEqual(
      readOnlyPublic.map((key) => ({ key, canUpdateTable: false })),
    );
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables.RATE_LIMIT_PER_MINUTE).toBe('600');
  });

  it('keeps transcripts in a private bucket, encrypted at rest, and routes their endpoints', () => {
    const bucket = resources.TranscriptsBucket!;
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey);

    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe(
      'AES256',
    );
    expect(Object.values(bucket.Properties.PublicAccessBlockConfiguration)).toEqual([true, true, true, true]);
    expect(routes).toEqual(
      expect.arrayContaining(['POST /api/v1/transcript/add', 'GET /api/v1/transcript/{call_id}', 'GET /api/v1/transcripts']),
    );
  });

  it('lets exactly the functions that read a secret read its SSM parameter, and decrypt it through SSM only', () => {
    const parameterArn = (name: string) => ({
      'Fn::Sub': `arn:\${AWS::Partition}:ssm:\${AWS::Region}:\${AWS::AccountId}:parameter/outreach-api/prod/${name}`,
    });
    const readers = Object.fromEntries(
      ofType('AWS::Lambda::Function').map(([id, fn]) => {
        const role = resources[logicalIdOf(fn.Properties.Role)]!;
        const statements = (role.Properties.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement);
        const reads = statements.filter((s: any) => ([] as string[]).concat(s.Action).includes('ssm:GetParameter'));
        const decrypts = statements.filter((s: any) => ([] as string[]).concat(s.Action).includes('kms:Decrypt'));
        for (const decrypt of decrypts) {
          expect(decrypt.Condition).toEqual({ StringEquals: { 'kms:ViaService': { 'Fn::Sub': 'ssm.${AWS::Region}.amazonaws.com' } } });
        }
        expect({ id, decrypts: decrypts.length }).toEqual({ id, decrypts: reads.length ? 1 : 0 });
        return [id.replace(/LambdaFunction$/, ''), reads.map((s: any) => s.Resource)];
      }),
    );
    const apiKey = parameterArn('unipile-api-key');
    const connectLinkSecret = parameterArn('connect-link-secret');
    const reportLinkSecret = parameterArn('report-link-secret');

    expect(Object.fromEntries(Object.entries(readers).filter(([, reads]) => reads.length > 0))).toEqual({
      UnipileWebhook: [parameterArn('unipile-webhook-secret')],
      ConnectionWatch: [apiKey],
      ActionsWorker: [apiKey],
      TranscriptGet: [reportLinkSecret],
      TranscriptReportPage: [reportLinkSecret],
      ConnectLinkCreate: [connectLinkSecret, apiKey],
      ConnectPage: [connectLinkSecret],
      ConnectPageSubmit: [connectLinkSecret],
      ConnectNotify: [connectLinkSecret, apiKey],
    });
    // Deployed, no secret is a plain variable: each function is given its parameter's name.
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const variables = fn.Properties.Environment.Variables;
      expect([
        variables.UNIPILE_API_KEY,
        variables.UNIPILE_WEBHOOK_SECRET,
        variables.CONNECT_LINK_SECRET,
        variables.REPORT_LINK_SECRET,
      ]).toEqual(['', '', '', '']);
      expect(variables.CONNECT_LINK_SECRET_PARAMETER).toBe('/outreach-api/prod/connect-link-secret');
    }
  });

  it("traces every function with X-Ray, lets each one's role write its segments, and names the metrics' namespace", () => {
    const functions = ofType('AWS::Lambda::Function');

    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const [id, fn] of functions) {
      const role = resources[logicalIdOf(fn.Properties.Role)]!;
      expect({ id, tracing: fn.Properties.TracingConfig, policies: role.Properties.ManagedPolicyArns }).toEqual({
        id,
        tracing: { Mode: 'Active' },
        policies: expect.arrayContaining(['arn:aws:iam::aws:policy/AWSXRayDaemonWriteAccess']),
      });
      // The namespace the dashboard and alarms read (the metrics contract, docs/observability.md).
      expect(fn.Properties.Environment.Variables.POWERTOOLS_METRICS_NAMESPACE).toBe('OutreachApi');
    }
  });

  it('keeps queue URLs out of the code: functions get them from the stack', () => {
    const [[, like]] = ofType('AWS::Lambda::Function').filter(([id]) => id === 'LikeLambdaFunction') as [[string, Resource]];

    expect(like.Properties.Environment.Variables.JOBS_QUEUE_URL).toEqual({ Ref: 'JobsQueue' });
    expect(like.Properties.Environment.Variables.TABLE_NAME).toBe('outreach-api-prod');
  });
});
