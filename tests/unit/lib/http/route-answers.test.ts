import { created, ok } from '../../../../lib/http/http-result';
import { publicEndpoint } from '../../../../lib/http/pipeline';
import { health } from '../../../../lib/routes/service/health';

describe("a handler's answer", () => {
  it("is typed by its route's answers: a JSON body by its schema, and only a documented status", () => {
    // Checked by the compiler (npm run typecheck); the endpoints are made, never called.
    const endpoints = [
      publicEndpoint({ route: health, handle: async () => ok({ status: 'ok' as const }) }),
      // @ts-expect-error the body of Health is `{ status: 'ok' }`.
      publicEndpoint({ route: health, handle: async () => ok({ status: 'fine' as const }) }),
      // @ts-expect-error a field the schema requires is missing.
      publicEndpoint({ route: health, handle: async () => ok({}) }),
      // @ts-expect-error 201 is not an answer of this route.
      publicEndpoint({ route: health, handle: async () => created('/health', { status: 'ok' as const }) }),
    ];
    expect(endpoints.every((endpoint) => typeof endpoint === 'function')).toBe(true);
  });
});
