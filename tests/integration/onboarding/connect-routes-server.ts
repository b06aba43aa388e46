import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import type { HttpHandler } from '../../../lib/http/pipeline';
import { httpEvent } from '../../helpers/factories';

/** The handlers a connect link's URLs reach: its page (GET /connect/{state}) and the provider's report. */
export interface ConnectRouteHandlers {
  showPage: HttpHandler;
  notify: HttpHandler;
}

/**
 * Serves a connect link's two public routes over real HTTP from handlers loaded with an environment
 * of the test's own (Unipile as the provider, here): what a person's browser opens and where the
 * fake Unipile posts its report. The request's content type is passed on as sent, or none.
 */
export async function serveConnectRoutes(handlers: () => ConnectRouteHandlers): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    void buffer(request)
      .then(async (raw) => {
        const path = (request.url ?? '').split('?')[0] ?? '';
        const notify = /^\/connect\/([^/]+)\/notify$/.exec(path);
        const page = /^\/connect\/([^/]+)$/.exec(path);
        const contentType = request.headers['content-type'];
        let result;
        if (request.method === 'POST' && notify) {
          const event = httpEvent({
            method: 'POST',
            path,
            headers: contentType === undefined ? {} : { 'content-type': contentType },
            rawBody: raw.toString('utf8'),
            pathParameters: { state: notify[1]! },
          });
          // As API Gateway hands it on: no content type when none was sent.
          if (contentType === undefined) delete event.headers['content-type'];
          result = await handlers().notify(event);
        } else if (request.method === 'GET' && page) {
          result = await handlers().showPage(httpEvent({ method: 'GET', path, pathParameters: { state: page[1]! } }));
        } else {
          return void response.writeHead(404).end();
        }
        response.writeHead(result.statusCode, result.headers).end(result.body);
      })
      .catch((error: unknown) => response.destroy(error as Error));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
