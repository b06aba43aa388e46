import { awsCallsOf, expectedAwsCalls } from '../../../bench/aws-calls-per-request';
import { AwsTape, watchClients } from '../../../bench/aws-tape';
import { recordEndpoints, scenarioHandlerCount, type EndpointRecording } from '../../../bench/http-scenarios';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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

it('covers every handler of functions/http', () => {
  const files = readdirSync(join(__dirname, '..', '..', '..', 'functions', 'http')).filter((file) => file.endsWith('.ts'));
  expect(scenarioHandlerCount).toBe(files.length);
  // One recording per route, and variants (another body for the same route) beside them.
  expect(recordings.filter((endpoint) => !endpoint.variant)).toHaveLength(files.length);
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
