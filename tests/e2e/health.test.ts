import { api } from '../helpers/http-client';

/** GET /health over real HTTP, through serverless offline: no key, nothing read. */
describe('health, end to end', () => {
  it('answers 200 {status: ok} without an api key', async () => {
    const response = await api('GET', '/health');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('answers 405 for another method on its path', async () => {
    const response = await api('POST', '/health', { body: {} });

    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
