import { awsCallsOf, expectedAwsCalls } from '../../../bench/aws-calls-per-request';
import { AwsTape, watchClients, type RecordedCommand } from '../../../bench/aws-tape';
import { functionNamed, permissionsOf } from '../../../deploy/functions';
import type { Permissions } from '../../../lib/function-deployment';
import { routeOf } from '../../helpers/routes';
import { recordEndpoints, type EndpointRecording } from '../../../bench/http-scenarios';
import { routeKey } from '../../../lib/http/route';
import { allRoutes } from '../../../lib/routes/all-routes';
import { defaultSqs } from '../../../lib/queue/client';
import { defaultDb } from '../../../lib/store/client';
import { defaultS3 } from '../../../lib/store/s3-client';
import { createTestQueue, testSqs } from '../../helpers/factories';

/**
 * The AWS calls of one warm request to every HTTP endpoint, counted on the real emulators (every
 * command the handlers' own SDK clients send, and every HTTP request they make), against the one
 * table in bench/aws-calls-per-request.ts. A change of a count is a one-line change there.
 */
let recordings: EndpointRecording[];
let tape: AwsTape;

beforeAll(async () => {
  // Deliveries go to a queue of this test's own (read before the configuration is): the stack's
  // webhooks worker would otherwise deliver the ping that the resend scenario needs failed.
  process.env.WEBHOOKS_QUEUE_URL = await createTestQueue(testSqs(), 'aws-calls-webhooks');
  tape = new AwsTape();
  watchClients({ db: defaultDb().client, sqs: defaultSqs(), s3: defaultS3() }, tape);
  recordings = await recordEndpoints(tape);
}, 120_000);

afterAll(() => tape.destroy());

it('records every route, and the catch-all, once without a variant', () => {
  // One recording per route, and variants (another body for the same route) beside them.
  expect(
    recordings
      .filter((endpoint) => !endpoint.variant)
      .map((endpoint) => endpoint.route)
      .sort(),
  ).toEqual([...allRoutes.map(routeKey), '$default (unknown route)'].sort());
});

it('makes the documented AWS calls per endpoint, and no other', () => {
  const measured = Object.fromEntries(
    recordings.filter((endpoint) => !endpoint.variant).map((endpoint) => [endpoint.route, awsCallsOf(endpoint.recording.commands)]),
  );
  expect(measured).toEqual(expectedAwsCalls);
  // A variant's body changes what the request costs, not which calls it makes.
  for (const variant of recordings.filter((endpoint) => endpoint.variant)) {
    expect([variant.route, variant.variant, awsCallsOf(variant.recording.commands)]).toEqual([
      variant.route,
      variant.variant,
      expectedAwsCalls[variant.route],
    ]);
  }
});

it('makes one HTTP request per call (no retry, no hidden request)', () => {
  for (const endpoint of recordings)
    expect([endpoint.route, endpoint.recording.responses.length]).toEqual([endpoint.route, endpoint.recording.commands.length]);
});

/** The IAM actions a recorded call needs, each with its resource: the table or an index, a queue, the transcripts' objects. */
function iamActionsOf(command: RecordedCommand): string[] {
  const input = command.input as {
    IndexName?: string;
    QueueUrl?: string;
    TransactItems?: Array<Record<string, unknown>>;
  };
  if (command.service === 'S3') return [`s3:${command.name} transcripts`];
  if (command.service === 'SQS') {
    // The queue whose URL the handlers were given (the webhooks one is this test's own).
    const queue = ['jobs', 'actions', 'transcripts', 'webhooks', 'notifications'].find(
      (name) => process.env[`${name.toUpperCase()}_QUEUE_URL`] === input.QueueUrl,
    );
    return [`sqs:SendMessage ${queue ?? input.QueueUrl}`];
  }
  const item: Record<string, string> = {
    Get: 'GetItem',
    Put: 'PutItem',
    Update: 'UpdateItem',
    Delete: 'DeleteItem',
    BatchGet: 'BatchGetItem',
  };
  if (command.name === 'TransactWrite') {
    const kinds: Record<string, string> = {
      Put: 'PutItem',
      Update: 'UpdateItem',
      Delete: 'DeleteItem',
      ConditionCheck: 'ConditionCheckItem',
    };
    return (input.TransactItems ?? []).flatMap((entry) => Object.keys(entry).map((kind) => `dynamodb:${kinds[kind]} table`));
  }
  if (command.name === 'Query') return [`dynamodb:Query ${input.IndexName ?? 'table'}`];
  return [`dynamodb:${item[command.name] ?? command.name} table`];
}

/** What a function's permissions allow, in the same words. */
function allowedActions(permissions: Permissions): Set<string> {
  return new Set([
    ...(permissions.table ?? []).map((action) => `dynamodb:${action} table`),
    ...(permissions.queries ?? []).map((index) => `dynamodb:Query ${index}`),
    ...(permissions.sendsTo ?? []).map((queue) => `sqs:SendMessage ${queue}`),
    ...(permissions.transcriptObjects ?? []).map((action) => `s3:${action} transcripts`),
  ]);
}

it("makes only calls its function's role allows (deploy/functions.ts), on the resources it names", () => {
  const denied = recordings.flatMap((endpoint) => {
    const fn = endpoint.route.startsWith('$default') ? functionNamed('notFound') : functionNamed(routeOf(endpoint.route)!.name);
    const allowed = allowedActions(permissionsOf(fn));
    return endpoint.recording.commands
      .flatMap(iamActionsOf)
      .filter((action) => !allowed.has(action))
      .map((action) => `${endpoint.route}: ${action}`);
  });

  expect([...new Set(denied)]).toEqual([]);
});
