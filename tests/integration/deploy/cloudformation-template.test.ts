/* eslint-disable @typescript-eslint/no-explicit-any -- reads an arbitrary CloudFormation template */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { routeKey } from '../../../lib/http/route';
import { allRoutes as apiRoutes } from '../../../lib/routes/all-routes';
import { functionNamed, permissionsOf } from '../../../deploy/functions';
import { MAX_DELAY_SECONDS } from '../../../lib/queue/send';
import { transcriptObjectKey } from '../../../lib/store/transcript-objects';
import { ANALYSIS_LEASE_SECONDS } from '../../../lib/transcripts/analyse-stored-transcript';
import { machineTimeout } from '../../helpers/machine-timeout';
import { asOneTemplate, readPackagedStacks, referencesOf, type PackagedStacks } from '../../helpers/packaged-stacks';

const mapValues = <T, U>(object: Record<string, T>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, f(value)]));

/**
 * `serverless package --stage prod` offline, with no AWS credentials, and checks on the template it
 * writes; and the default (dev) stage's settings as `serverless print` resolves them.
 */
const root = join(__dirname, '../../..');
const out = mkdtempSync(join(tmpdir(), 'sls-package-'));
// A build folder of its own: the shared one belongs to the stack's serverless offline.
const workFolder = `.esbuild-template-test-${process.pid}`;
// Production requires an address for its alarms.
const alarmEmail = 'ops-alarms@example.com';

interface Resource {
  Type: string;
  Properties: Record<string, any>;
}
/** The root stack and its nested stacks, as packaged. */
let stacks: PackagedStacks;
/** Every resource deployed, the nested stacks' read as if in one stack (tests/helpers/packaged-stacks.ts). */
let resources: Record<string, Resource>;
/** The default stage's configuration, variables resolved (`serverless print --stage dev`). */
let devConfig: {
  params: Record<string, Record<string, unknown>>;
  resources: { extensions: Record<string, any>; Resources: Record<string, any> };
};
const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const logicalIdOf = (ref: unknown): string => {
  const value = ref as { 'Fn::GetAtt'?: [string, string]; Ref?: string };
  return value['Fn::GetAtt']?.[0] ?? value.Ref ?? String(ref);
};

/**
 * The metrics contract shared with the code: each of the service's metrics (namespace OutreachApi),
 * with the dimensions it is emitted with besides `service` (= the service's name).
 */
const metricsNamespace = 'OutreachApi';
const metricsContract: Record<string, string[]> = {
  Requests: ['route', 'status'],
  JobsAccepted: ['type'],
  ActionsEnded: ['kind', 'result'],
  Deferrals: ['reason'],
  ProviderErrors: ['type'],
  ProviderCalls: [],
  ProviderFailures: [],
  WebhookDeliveries: ['outcome'],
  TranscriptAnalysisDuration: [],
  TranscriptWords: [],
};

/** An alarm's metrics, by id: each MetricStat's metric, or the expression. */
const alarmMetrics = (alarm: Resource) =>
  Object.fromEntries(
    ((alarm.Properties.Metrics ?? []) as any[]).map((metric) => [
      metric.Id,
      metric.Expression !== undefined
        ? { expression: metric.Expression as string, returned: metric.ReturnData !== false }
        : {
            namespace: metric.MetricStat.Metric.Namespace as string,
            name: metric.MetricStat.Metric.MetricName as string,
            dimensions: Object.fromEntries(metric.MetricStat.Metric.Dimensions.map((d: any) => [d.Name, d.Value])),
            stat: metric.MetricStat.Stat as string,
          },
    ]),
  ) as Record<string, { expression?: string; returned?: boolean; namespace?: string; name?: string; dimensions?: Record<string, unknown> }>;

/** The alarm computed from metrics of `names` (namespace and name), and its metrics' ids by name. */
const mathAlarmOf = (namespace: string, names: string[]) => {
  const found = ofType('AWS::CloudWatch::Alarm').find(([, alarm]) => {
    const metrics = Object.values(alarmMetrics(alarm));
    return names.every((name) => metrics.some((metric) => metric.namespace === namespace && metric.name === name));
  });
  if (!found) return undefined;
  const metrics = alarmMetrics(found[1]);
  const ids = Object.fromEntries(Object.entries(metrics).flatMap(([id, metric]) => (metric.name ? [[metric.name, id]] : [])));
  const returned = Object.values(metrics).filter((metric) => metric.returned);
  return { alarm: found[1].Properties, metrics, ids, expression: returned.length === 1 ? returned[0]!.expression : undefined };
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
    ALARM_EMAIL: alarmEmail,
  };
  const serverless = join(root, 'node_modules/.bin/serverless');
  const [, printed] = await Promise.all([
    promisify(execFile)(serverless, ['package', '--stage', 'prod', '--package', out], { cwd: root, env }),
    // No ALARM_EMAIL: a dev stage needs none.
    promisify(execFile)(serverless, ['print', '--stage', 'dev', '--format', 'json'], { cwd: root, env: { ...env, ALARM_EMAIL: '' } }),
  ]);
  stacks = readPackagedStacks(out);
  resources = asOneTemplate(stacks) as Record<string, Resource>;
  devConfig = JSON.parse(printed.stdout);
}, machineTimeout(120_000));
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

  it('gives each function a role with only the calls it makes, on named resources, shared only by functions that make the same', () => {
    const roleOf = (fnId: string) => {
      const roleId = logicalIdOf(resources[fnId]!.Properties.Role);
      const statements = (resources[roleId]!.Properties.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement);
      return { roleId, statements, actions: statements.flatMap((s: any) => s.Action) as string[] };
    };
    const functions = ofType('AWS::Lambda::Function').map(([id]) => id);

    const byRole = new Map<string, string[]>();
    for (const id of functions) byRole.set(roleOf(id).roleId, [...(byRole.get(roleOf(id).roleId) ?? []), id]);
    for (const sharing of byRole.values()) {
      const calls = sharing.map((id) =>
        permissionsOf(functionNamed(id.replace(/LambdaFunction$/, '').replace(/^./, (c) => c.toLowerCase()))),
      );
      expect(calls.map((call) => JSON.stringify(call))).toEqual(calls.map(() => JSON.stringify(calls[0])));
    }
    for (const id of functions) {
      for (const statement of roleOf(id).statements) {
        // Every resource named (Bedrock's model ARNs may end in a wildcard: the model is configured).
        for (const resource of ([] as unknown[]).concat(statement.Resource)) expect(resource).not.toBe('*');
        expect(([] as string[]).concat(statement.Action).some((action) => action.endsWith('*'))).toBe(false);
      }
    }
    expect(roleOf('NotFoundLambdaFunction').actions).toEqual([]);
    expect(roleOf('GetJobLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
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
    expect(roleOf('AddTranscriptLambdaFunction').actions).toEqual(
      expect.arrayContaining(['s3:PutObject', 's3:DeleteObject', 'sqs:SendMessage']),
    );
    expect(roleOf('AddTranscriptLambdaFunction').actions).not.toContain('s3:GetObject');
    expect(roleOf('TranscriptsWorkerLambdaFunction').actions).toEqual(
      expect.arrayContaining(['s3:GetObject', 'sqs:ReceiveMessage', 'bedrock:InvokeModel']),
    );
    expect(roleOf('TranscriptsWorkerLambdaFunction').actions).not.toContain('s3:PutObject');
    expect(roleOf('ListTranscriptsLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    // The report pages read the transcript, its workspace and its content (and the link's page its signing key): nothing else, and never write.
    expect(roleOf('ShowTranscriptReportLambdaFunction').actions.sort()).toEqual([
      'dynamodb:GetItem',
      'kms:Decrypt',
      's3:GetObject',
      'ssm:GetParameter',
    ]);
    expect(roleOf('GetTranscriptReportLambdaFunction').actions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem', 's3:GetObject']);
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
      'GET /insights/{token}',
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
      ReceiveUnipileWebhook: [parameterArn('unipile-webhook-secret')],
      ConnectionWatch: [apiKey],
      ActionsWorker: [apiKey],
      GetTranscript: [reportLinkSecret],
      ShowTranscriptReport: [reportLinkSecret],
      GetInsights: [reportLinkSecret],
      ShowInsightsPage: [reportLinkSecret],
      CreateConnectLink: [connectLinkSecret, apiKey],
      ShowConnectPage: [connectLinkSecret],
      ConnectOnPage: [connectLinkSecret],
      ReceiveConnectNotification: [connectLinkSecret, apiKey],
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

describe('the production settings (stage prod), beside the default stage', () => {
  it('deploys prod with its own parameter set: log level, retention, alarm address, table protection, throttling', () => {
    const functions = ofType('AWS::Lambda::Function');
    const logGroups = ofType('AWS::Logs::LogGroup');
    const emails = ofType('AWS::SNS::Subscription').map(([, subscription]) => subscription.Properties);

    expect(functions.map(([, fn]) => fn.Properties.Environment.Variables.POWERTOOLS_LOG_LEVEL)).toEqual(functions.map(() => 'INFO'));
    // Every log group, the functions' and the API's access log, kept a quarter.
    expect(logGroups.length).toBe(functions.length + 1);
    expect(logGroups.filter(([, group]) => group.Properties.RetentionInDays !== 90).map(([id]) => id)).toEqual([]);
    expect(emails).toEqual([expect.objectContaining({ Protocol: 'email', Endpoint: alarmEmail })]);
    expect(devConfig.params.prod).toMatchObject({
      logRetentionDays: 90,
      tableDeletionProtection: true,
      apiThrottleRate: 500,
      apiThrottleBurst: 1000,
    });
    // The default stage (dev, and any other but local) keeps cheaper, removable settings.
    expect(devConfig.params.default).toMatchObject({
      logRetentionDays: 30,
      tableDeletionProtection: false,
      apiThrottleRate: 50,
      apiThrottleBurst: 100,
    });
    expect(devConfig.resources.extensions.HttpApiStage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: 50,
      ThrottlingBurstLimit: 100,
    });
  });

  it('protects the table against deletion in production, and keeps it when the stack is removed; a dev table is not protected', () => {
    const [[tableId, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource & { DeletionPolicy?: string }]];

    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(devConfig.resources.Resources[tableId].Properties.DeletionProtectionEnabled).toBe(false);
  });

  it('refuses every request to the transcripts bucket without TLS, and tiers old transcripts without ever expiring them', () => {
    const bucketId = 'TranscriptsBucket';
    const policies = ofType('AWS::S3::BucketPolicy').filter(([, policy]) => logicalIdOf(policy.Properties.Bucket) === bucketId);
    const statements = policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement);
    const rules = resources[bucketId]!.Properties.LifecycleConfiguration.Rules as any[];

    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Principal: '*',
        Action: 's3:*',
        Resource: [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, '/*']] }],
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    // Where transcripts are stored, after their first month.
    const tiering = rules.find((rule) => rule.Transitions);
    expect(tiering).toMatchObject({ Status: 'Enabled', Transitions: [{ StorageClass: 'INTELLIGENT_TIERING', TransitionInDays: 30 }] });
    expect(transcriptObjectKey('ws_1', 'call-1', 'ab12').startsWith(tiering.Prefix)).toBe(true);
    expect(rules).toContainEqual(
      expect.objectContaining({ Status: 'Enabled', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
    // A report page reads its transcript's content whenever it is opened: nothing expires.
    expect(rules.filter((rule) => rule.ExpirationInDays ?? rule.ExpirationDate ?? rule.NoncurrentVersionExpiration)).toEqual([]);
  });

  it("throttles the HTTP API's stage from the params, and keeps its default route's metrics setting", () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];

    expect(stage.Properties.StageName).toBe('$default');
    expect(stage.Properties.DefaultRouteSettings).toEqual({
      DetailedMetricsEnabled: false,
      ThrottlingRateLimit: 500,
      ThrottlingBurstLimit: 1000,
    });
  });

  it("writes the API's access log as one JSON object a request, to a log group of the stack, without the path", () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    const { DestinationArn, Format } = stage.Properties.AccessLogSettings;
    const format = JSON.parse(Format) as Record<string, string>;

    expect(resources[logicalIdOf(DestinationArn)]?.Type).toBe('AWS::Logs::LogGroup');
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLatency: '$context.responseLatency',
      integrationLatency: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
      errorMessage: '$context.error.message',
    });
    // Signed links carry their token in the path.
    expect(Object.values(format).filter((value) => /\$context\.(path|requestOverride)/.test(value))).toEqual([]);
  });
});

describe('the alarms', () => {
  const topicOf = (alarm: Resource) => ({
    alarm: [...(alarm.Properties.AlarmActions ?? [])].map(logicalIdOf),
    ok: [...(alarm.Properties.OKActions ?? [])].map(logicalIdOf),
  });

  it('send every alarm, and its return to OK, to the one alarm topic, each saying what to do', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm');
    const [[topicId]] = ofType('AWS::SNS::Topic') as [[string, Resource]];

    expect(alarms.length).toBeGreaterThan(ofType('AWS::Lambda::Function').length);
    expect(alarms.filter(([, alarm]) => JSON.stringify(topicOf(alarm)) !== JSON.stringify({ alarm: [topicId], ok: [topicId] }))).toEqual(
      [],
    );
    // Where to look (a log, the dashboard) and the page that says more.
    const vague = alarms.filter(([, alarm]) => !/docs\/[a-z-]+\.md/.test(alarm.Properties.AlarmDescription ?? '')).map(([id]) => id);
    expect(vague).toEqual([]);
    expect(alarms.filter(([, alarm]) => (alarm.Properties.AlarmDescription as string).length < 100).map(([id]) => id)).toEqual([]);
  });

  it("encrypt the alarm topic with a key of the stack's own that CloudWatch alarms may use for this topic only", () => {
    const [[, topic]] = ofType('AWS::SNS::Topic') as [[string, Resource]];
    const key = resources[logicalIdOf(topic.Properties.KmsMasterKeyId)]!;
    const forCloudWatch = (key.Properties.KeyPolicy.Statement as any[]).filter(
      (statement) => statement.Principal?.Service === 'cloudwatch.amazonaws.com',
    );

    // Not the AWS-managed alias/aws/sns: its policy cannot let CloudWatch in.
    expect(key.Type).toBe('AWS::KMS::Key');
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(forCloudWatch).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: expect.arrayContaining(['kms:Decrypt', 'kms:GenerateDataKey*']),
        Condition: expect.objectContaining({
          StringEquals: {
            'kms:EncryptionContext:aws:sns:topicArn': {
              'Fn::Sub': `arn:\${AWS::Partition}:sns:\${AWS::Region}:\${AWS::AccountId}:${topic.Properties.TopicName}`,
            },
          },
        }),
      }),
    ]);
  });

  it('watch every function: one alarm on its errors plus its throttles, from the first one', () => {
    const functions = ofType('AWS::Lambda::Function').map(([id]) => id);
    const alarmed = ofType('AWS::CloudWatch::Alarm').flatMap(([, alarm]) => {
      const metrics = alarmMetrics(alarm);
      const lambda = Object.entries(metrics).filter(([, metric]) => metric.namespace === 'AWS/Lambda');
      const idOf = (name: string) => lambda.find(([, metric]) => metric.name === name);
      const errors = idOf('Errors');
      const throttles = idOf('Throttles');
      if (!errors || !throttles) return [];
      const returned = Object.values(metrics).filter((metric) => metric.returned);
      return [
        {
          fn: logicalIdOf(errors[1].dimensions!.FunctionName),
          sameFunction: logicalIdOf(errors[1].dimensions!.FunctionName) === logicalIdOf(throttles[1].dimensions!.FunctionName),
          sumsBoth:
            returned.length === 1 && [errors[0], throttles[0]].every((id) => new RegExp(`\\b${id}\\b`).test(returned[0]!.expression!)),
          threshold: alarm.Properties.Threshold,
          comparison: alarm.Properties.ComparisonOperator,
        },
      ];
    });

    expect(functions.length).toBeGreaterThanOrEqual(5);
    expect(alarmed.map((alarm) => alarm.fn).sort()).toEqual([...functions].sort());
    for (const alarm of alarmed) {
      expect(alarm).toEqual({
        fn: alarm.fn,
        sameFunction: true,
        sumsBoth: true,
        threshold: 1,
        comparison: 'GreaterThanOrEqualToThreshold',
      });
    }
  });

  it("alarm on the API's 5xx answers as a share of all its answers, above 1% in production", () => {
    const found = mathAlarmOf('AWS/ApiGateway', ['5xx', 'Count']);
    const errors = found?.metrics[found.ids['5xx']!];
    const answers = found?.metrics[found.ids.Count!];

    expect(found?.alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanThreshold' });
    expect(resources[logicalIdOf(errors?.dimensions?.ApiId)]?.Type).toBe('AWS::ApiGatewayV2::Api');
    expect(logicalIdOf(answers?.dimensions?.ApiId)).toBe(logicalIdOf(errors?.dimensions?.ApiId));
    // 100 × 5xx / answers (a period without a 5xx counts as none).
    expect(found?.expression).toContain(`100 * FILL(${found?.ids['5xx']}, 0) / ${found?.ids.Count}`);
  });

  it("alarm on the provider's failed calls as a share of all calls, from the service's own totals", () => {
    const found = mathAlarmOf(metricsNamespace, ['ProviderFailures', 'ProviderCalls']);

    expect(found?.alarm).toMatchObject({ Threshold: 25, ComparisonOperator: 'GreaterThanThreshold' });
    expect(found?.metrics[found.ids.ProviderFailures!]?.dimensions).toEqual({ service: 'outreach-api' });
    expect(found?.metrics[found.ids.ProviderCalls!]?.dimensions).toEqual({ service: 'outreach-api' });
    expect(found?.expression).toContain(`100 * FILL(${found?.ids.ProviderFailures}, 0) / ${found?.ids.ProviderCalls}`);
    // The service's name is the dimension the code's metrics carry.
    for (const [, fn] of ofType('AWS::Lambda::Function'))
      expect(fn.Properties.Environment.Variables.POWERTOOLS_SERVICE_NAME).toBe('outreach-api');
  });

  it('alarm on the age of the oldest message of every work queue, later than a retry or a delay made on purpose', () => {
    const workQueues = ofType('AWS::SQS::Queue').filter(([, queue]) => queue.Properties.RedrivePolicy);
    const ageAlarms = ofType('AWS::CloudWatch::Alarm')
      .map(([, alarm]) => alarm.Properties)
      .filter((alarm) => alarm.Namespace === 'AWS/SQS' && alarm.MetricName === 'ApproximateAgeOfOldestMessage');
    // The queues whose messages are sent with a delay (pacing, retries, deferrals).
    const delayed = ['ActionsQueue', 'WebhooksQueue'];

    expect(workQueues.length).toBeGreaterThanOrEqual(5);
    for (const [queueId, queue] of workQueues) {
      const alarm = ageAlarms.find((candidate) =>
        candidate.Dimensions.some(
          (d: any) => d.Name === 'QueueName' && JSON.stringify(d.Value) === JSON.stringify({ 'Fn::GetAtt': [queueId, 'QueueName'] }),
        ),
      );
      expect({ queueId, statistic: alarm?.Statistic, comparison: alarm?.ComparisonOperator }).toEqual({
        queueId,
        statistic: 'Maximum',
        comparison: 'GreaterThanOrEqualToThreshold',
      });
      // A message retried once (its visibility timeout), or delayed on purpose, is not late yet.
      expect(alarm?.Threshold).toBeGreaterThan(queue.Properties.VisibilityTimeout);
      if (delayed.includes(queueId)) expect(alarm?.Threshold).toBeGreaterThan(MAX_DELAY_SECONDS);
    }
  });
});

describe('the stacks', () => {
  // CloudFormation takes 500 resources in a stack: each stays under 60 % of it, room to grow.
  const MAX_RESOURCES = 300;
  const PSEUDO = /^AWS::/;

  it('put every function, with its own resources, in a nested stack, and keep each stack under 60 % of its limit', () => {
    const counts = { root: Object.keys(stacks.root.Resources).length, ...mapValues(stacks.nested, (t) => Object.keys(t.Resources).length) };

    expect(Object.entries(counts).filter(([, count]) => count >= MAX_RESOURCES)).toEqual([]);
    expect(Object.values(stacks.root.Resources).filter((resource) => resource.Type === 'AWS::Lambda::Function')).toEqual([]);
    expect(
      Object.values(stacks.nested)
        .flatMap((t) => Object.values(t.Resources))
        .filter((r) => r.Type === 'AWS::Lambda::Function').length,
    ).toBe(ofType('AWS::Lambda::Function').length);
    // The resources a function brings (log group, alarm, route, integration, permission, event) went with it.
    for (const type of ['AWS::Logs::LogGroup', 'AWS::ApiGatewayV2::Route', 'AWS::ApiGatewayV2::Integration', 'AWS::Lambda::Permission'])
      expect({
        type,
        inRoot: Object.entries(stacks.root.Resources).filter(([id, r]) => r.Type === type && id !== 'HttpApiLogGroup').length,
      }).toEqual({ type, inRoot: 0 });
  });

  it('pass each nested stack exactly the parameters it declares, and each refers only to its own resources and parameters', () => {
    for (const [id, template] of Object.entries(stacks.nested)) {
      const passed = Object.keys(stacks.root.Resources[id]!.Properties!.Parameters ?? {}).sort();
      const declared = Object.keys(template.Parameters ?? {}).sort();
      const known = new Set([...Object.keys(template.Resources), ...declared]);
      const unknown = [...referencesOf([template.Resources, template.Outputs ?? {}])].filter((ref) => !known.has(ref) && !PSEUDO.test(ref));

      expect({ id, passed }).toEqual({ id, passed: declared });
      expect({ id, unknown }).toEqual({ id, unknown: [] });
      for (const dependency of Object.values(template.Resources).flatMap((r) => [].concat((r.DependsOn ?? []) as never)))
        expect(template.Resources).toHaveProperty([dependency]);
    }
  });

  it('refers, from the root, only to its own resources and to outputs the nested stacks give', () => {
    const own = new Set(Object.keys(stacks.root.Resources));
    const unknown = [...referencesOf([stacks.root.Resources, stacks.root.Outputs ?? {}])].filter(
      (ref) => !own.has(ref) && !PSEUDO.test(ref),
    );
    const outputs: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
        if (Array.isArray(getAtt) && String(getAtt[1]).startsWith('Outputs.')) outputs.push(`${getAtt[0]} ${String(getAtt[1]).slice(8)}`);
        Object.values(value).forEach(walk);
      }
    };
    walk(stacks.root);

    expect(unknown).toEqual([]);
    for (const output of outputs) {
      const [stack, name] = output.split(' ') as [string, string];
      expect(stacks.nested[stack]?.Outputs).toHaveProperty([name]);
    }
  });

  it("find each nested template where the service's code is uploaded, beside the functions' packages", () => {
    const [[, like]] = ofType('AWS::Lambda::Function').filter(([id]) => id === 'LikeLambdaFunction') as [[string, Resource]];
    const directory = String(like.Properties.Code.S3Key).split('/').slice(0, -1).join('/');
    for (const [id, resource] of Object.entries(stacks.root.Resources).filter(([, r]) => r.Type === 'AWS::CloudFormation::Stack')) {
      const parts = resource.Properties!.TemplateURL['Fn::Join'][1] as unknown[];
      expect({ id, bucket: parts.at(-2) }).toEqual({ id, bucket: { Ref: 'ServerlessDeploymentBucket' } });
      expect(String(parts.at(-1))).toMatch(new RegExp(`^/${directory.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/nested-[a-z-]+\\.json$`));
    }
  });
});

describe('the dashboard', () => {
  interface Shown {
    namespace: string;
    name: string;
    dimensions: Record<string, string>;
  }
  let widgets: any[];
  let shown: Shown[];
  let searches: Array<{ namespace: string; dimensions: string[]; name: string; query: string }>;

  beforeAll(() => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, Resource]];
    widgets = JSON.parse(dashboard.Properties.DashboardBody['Fn::Sub']).widgets;
    const rows = widgets.flatMap((widget) => (widget.type === 'metric' ? (widget.properties.metrics as any[][]) : []));
    shown = rows.flatMap((row) => {
      const parts = row.filter((part) => typeof part === 'string') as string[];
      if (parts.length < 2) return [];
      const [namespace, name, ...pairs] = parts;
      const dimensions: Record<string, string> = {};
      for (let i = 0; i + 1 < pairs.length; i += 2) dimensions[pairs[i]!] = pairs[i + 1]!;
      return [{ namespace: namespace!, name: name!, dimensions }];
    });
    searches = rows.flatMap((row) =>
      row.flatMap((part) => {
        const match = /^SEARCH\('\{([^}]+)\} MetricName="([^"]+)"([^']*)', '\w+', \d+\)$/.exec(part?.expression ?? '');
        if (!match) return [];
        const [namespace, ...dimensions] = match[1]!.split(',');
        return [{ namespace: namespace!, dimensions: dimensions.sort(), name: match[2]!, query: match[3]! }];
      }),
    );
  });

  const isShown = (namespace: string, name: string, dimensions: Record<string, string>) =>
    shown.some(
      (metric) =>
        metric.namespace === namespace && metric.name === name && JSON.stringify(metric.dimensions) === JSON.stringify(dimensions),
    );

  it('shows every metric of the contract, with exactly its dimensions', () => {
    const missing = Object.entries(metricsContract).filter(([name, dimensions]) =>
      dimensions.length === 0
        ? !isShown(metricsNamespace, name, { service: 'outreach-api' })
        : !searches.some(
            (search) =>
              search.namespace === metricsNamespace &&
              search.name === name &&
              JSON.stringify(search.dimensions) === JSON.stringify([...dimensions, 'service'].sort()) &&
              search.query.includes('service="outreach-api"'),
          ),
    );

    expect(missing.map(([name]) => name)).toEqual([]);
  });

  it("shows the API's answers, 5xx and latency", () => {
    const api = { ApiId: '${HttpApi}' };

    expect(resources.HttpApi?.Type).toBe('AWS::ApiGatewayV2::Api');
    for (const name of ['Count', '5xx', 'Latency'])
      expect({ name, shown: isShown('AWS/ApiGateway', name, api) }).toEqual({ name, shown: true });
  });

  it('shows the depth and the age of the oldest message of every work queue, and the depth of every dead-letter queue', () => {
    const queues = ofType('AWS::SQS::Queue');

    expect(queues.length).toBeGreaterThanOrEqual(10);
    for (const [queueId, queue] of queues) {
      const names = queue.Properties.RedrivePolicy
        ? ['ApproximateNumberOfMessagesVisible', 'ApproximateAgeOfOldestMessage']
        : ['ApproximateNumberOfMessagesVisible'];
      for (const name of names) {
        expect({ queueId, name, shown: isShown('AWS/SQS', name, { QueueName: `\${${queueId}.QueueName}` }) }).toEqual({
          queueId,
          name,
          shown: true,
        });
      }
    }
  });

  it('shows the errors, throttles and duration of every function', () => {
    for (const [fnId] of ofType('AWS::Lambda::Function')) {
      for (const name of ['Errors', 'Throttles', 'Duration']) {
        const functionName = resources[fnId]!.Properties.FunctionName as string;
        expect({ fnId, name, shown: isShown('AWS/Lambda', name, { FunctionName: functionName }) }).toEqual({ fnId, name, shown: true });
      }
    }
  });

  it("names only the stack's own resources (and pseudo parameters) for CloudFormation to fill in", () => {
    const [[, dashboard]] = ofType('AWS::CloudWatch::Dashboard') as [[string, Resource]];
    const named = [...(dashboard.Properties.DashboardBody['Fn::Sub'] as string).matchAll(/\$\{([^}]+)\}/g)].map((match) => match[1]!);

    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !name.startsWith('AWS::') && !resources[name.split('.')[0]!])).toEqual([]);
    expect(widgets.every((widget) => Number.isInteger(widget.x) && Number.isInteger(widget.y) && widget.x + widget.width <= 24)).toBe(true);
  });
});
