import { bundleBudgets } from '../../../bench/bundle-budgets';
import { bundleFunctions, cleanUpBundles, type FunctionBundle } from '../../../bench/function-bundles';

/**
 * Every function of the service, bundled as it is deployed, stays within the budget its definition
 * gives it (`deployment.bundle`), so a dependency or an import that grows a bundle is noticed.
 */
let bundles: FunctionBundle[];

beforeAll(async () => {
  ({ bundles } = await bundleFunctions());
}, 120_000);

afterAll(() => cleanUpBundles());

it('keeps every bundle and its zip within budget', () => {
  const over = bundles
    .filter(
      (bundle) => bundle.bytes > (bundleBudgets[bundle.name]?.bytes ?? 0) || bundle.zipBytes > (bundleBudgets[bundle.name]?.zipBytes ?? 0),
    )
    .map((bundle) => `${bundle.name}: ${bundle.bytes} B (zip ${bundle.zipBytes} B), budget ${JSON.stringify(bundleBudgets[bundle.name])}`);
  expect(over).toEqual([]);
});

it('bundles the AWS SDK inside each function that talks to AWS, and measures a baseline with the same clients', () => {
  const getJob = bundles.find((bundle) => bundle.name === 'getJob')!;
  expect(getJob.clients).toEqual(['@aws-sdk/lib-dynamodb']);
  expect(getJob.baseline.bytes).toBeGreaterThan(100_000);
  expect(getJob.baseline.bytes).toBeLessThan(getJob.bytes);
});

it('bundles the SSM client (read lazily, lib/secrets.ts) only into the functions that read a secret', () => {
  const withSsm = bundles.filter((bundle) => bundle.inputs.some((input) => input.includes('node_modules/@aws-sdk/client-ssm/')));

  expect(withSsm.map((bundle) => bundle.name).sort()).toEqual(
    [
      'actionsWorker',
      'createConnectLink',
      'receiveConnectNotification',
      'showConnectPage',
      'connectOnPage',
      'connectionWatch',
      'getTranscript',
      'showTranscriptReport',
      'getInsights',
      'showInsightsPage',
      'receiveUnipileWebhook',
    ].sort(),
  );
});

/** The api key's access layer (authentication, rate limit, idempotency) that httpEndpoint puts around the pipeline. */
const API_KEY_LAYER_FILES = ['lib/http/endpoint.ts', 'lib/http/idempotency.ts', 'lib/http/rate-limit.ts'];
const apiKeyLayerInputs = (bundle: FunctionBundle) =>
  bundle.inputs.filter((input) => input.startsWith('lib/auth/') || API_KEY_LAYER_FILES.includes(input));

it('leaves the AWS SDK and the api-key layer out of the public endpoints that make no AWS call', () => {
  const sdkFree = bundles
    .filter((bundle) => ['health', 'openApiDocument', 'docsPage', 'notFound'].includes(bundle.name))
    .map((bundle) => [bundle.name, bundle.clients]);
  expect(sdkFree).toEqual([
    ['health', []],
    ['openApiDocument', []],
    ['docsPage', []],
    ['notFound', []],
  ]);
  const publicEndpoints = bundles.filter((bundle) => ['health', 'openApiDocument', 'docsPage'].includes(bundle.name));
  expect(publicEndpoints.map((bundle) => [bundle.name, apiKeyLayerInputs(bundle)])).toEqual([
    ['health', []],
    ['openApiDocument', []],
    ['docsPage', []],
  ]);
  // The check can see the layer: an api-key endpoint bundles all of it.
  const like = bundles.find((bundle) => bundle.name === 'like')!;
  expect(apiKeyLayerInputs(like)).toEqual(expect.arrayContaining([...API_KEY_LAYER_FILES, expect.stringMatching(/^lib\/auth\//)]));
});
