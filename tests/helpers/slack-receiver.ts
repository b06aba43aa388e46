/**
 * A local stand-in for Slack's incoming webhooks, for the notification tests: the test stack posts
 * to SLACK_WEBHOOK_ORIGIN (a free port global-setup chose) what it would post to
 * https://hooks.slack.com; a test starts this receiver there and reads what arrived. It answers as
 * Slack does: 200 `ok`, or the status a test asks for.
 */
import { createServer, type Server } from 'node:http';

export interface SlackPost {
  path: string;
  body: { text?: string };
}

export interface SlackReceiver {
  posts: SlackPost[];
  /** The status the next posts get (200 by default). */
  answerWith(status: number): void;
  close(): Promise<void>;
}

export async function startSlackReceiver(origin = process.env.SLACK_WEBHOOK_ORIGIN): Promise<SlackReceiver> {
  if (!origin) throw new Error('SLACK_WEBHOOK_ORIGIN is not set: is the test stack running?');
  const posts: SlackPost[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      posts.push({ path: request.url ?? '', body: JSON.parse(raw || '{}') as SlackPost['body'] });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'invalid_token');
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
  return {
    posts,
    answerWith: (next) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
