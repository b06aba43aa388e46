import { httpEndpoint } from '../../../../lib/http/endpoint';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { getJob } from '../../../../lib/routes/jobs/get-job';
import { health } from '../../../../lib/routes/service/health';

describe("a route's caller", () => {
  it('is the one its definition names: an api-key route is never public, nor a public one behind the api key', () => {
    expect(() => publicEndpoint({ route: getJob, handle: async () => ({ status: 200 }) })).toThrow(/api-key route/);
    expect(() => httpEndpoint({ route: health, handle: async () => ({ status: 200 }) })).toThrow(/not an api-key route \(none\)/);
  });
});
