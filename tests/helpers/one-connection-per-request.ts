/**
 * Jest `setupFiles` of the integration project: every `fetch` a test file makes (its own, the typed
 * client's, and lib code's it calls in-process) asks for its connection to be closed after the answer.
 *
 * Why: Node's fetch keeps an idle connection about 4 s (the server's `Keep-Alive: timeout=5` less a
 * second) and the servers here (serverless offline, the fakes) close theirs at 5 s. On a loaded
 * machine the client's timer fires late, a request goes out on a socket the server has just closed,
 * and a POST fails with ECONNRESET (seen in CI, the first request of a file after a slow
 * `beforeAll`). A POST is not retried, rightly. With no connection reused there is no race; a new
 * local connection costs well under a millisecond.
 */
const fetchWithKeepAlive = globalThis.fetch;

globalThis.fetch = (input, init) => {
  // init's headers replace a Request's own, as fetch itself does, so start from whichever wins.
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
  headers.set('connection', 'close');
  return fetchWithKeepAlive(input, { ...init, headers });
};
