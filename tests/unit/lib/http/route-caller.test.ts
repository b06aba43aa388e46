import { httpEndpoint } from '../../../../lib/http/endpoint';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { getJob } from '../../../../lib/routes/jobs/get-job';
import { health } from '../../../../lib/routes/service/health';

const neverCalled = async (): Promise<never> => {
  throw new Error('the endpoint is refused before it could run');
};

describe("a route's caller", () => {
  it('is the one its definition names: an api-key route is never public, nor a public one behind the api key', () => {
    expect(() => publicEndpoint({ route: getJob, handle: neverCalled })).toThrow(/api-key route/);
    expect(() => httpEndpoint({ route: health, handle: neverCalled })).toThrow(/not an api-key route \(none\)/);
  });
});
