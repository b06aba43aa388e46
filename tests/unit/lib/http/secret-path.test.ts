import { NotFoundError } from '../../../../lib/errors';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { logger } from '../../../../lib/log';
import { httpEvent } from '../../../helpers/factories';

/** A route whose path carries a link's secret: neither its log line nor its problem holds the secret. */
describe('a secret path', () => {
  const secret = 'v1.c2VjcmV0LXN0YXRl.Zm9yZ2VkLW9yLW5vdA';

  it('is logged and echoed as its template; the use case still reads the parameter', async () => {
    const logged: unknown[] = [];
    const spies = (['info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => void logged.push(args)),
    );
    const seen: string[] = [];
    const handler = publicEndpoint({
      route: { method: 'GET', path: '/connect/{state}', secretPath: true } as const,
      handle: async ({ pathParameters }) => {
        seen.push(pathParameters.state);
        throw new NotFoundError('No such link.');
      },
    });

    const result = await handler({ ...httpEvent({ method: 'GET', path: `/connect/${secret}` }), pathParameters: { state: secret } });
    spies.forEach((spy) => spy.mockRestore());

    expect(seen).toEqual([secret]);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body ?? '{}').instance).toBe('/connect/{state}');
    expect(JSON.stringify(logged)).not.toContain(secret);
    expect(JSON.stringify(logged)).toContain('/connect/{state}');
  });
});
