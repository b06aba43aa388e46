import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { Webhook } from 'standardwebhooks';
import { webhookEventSchema } from '../../lib/schemas/responses/webhook-events';

/** An event's `data`, as a test reads it: any documented shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the documented shapes field by field
export type EventData = Record<string, any>;

/** A verified event, as a receiver reads it. */
export interface ReceivedEvent {
  id: string;
  type: string;
  timestamp: string;
  workspaceId: string;
  data: EventData;
}

/** One request the receiver got: its path, Standard Webhooks headers, body, and what it answered. */
export interface ReceivedDelivery {
  path: string;
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/** How a path answers: a status, or a function of how many requests that path has had (1, 2, …). */
export type PathBehaviour = number | ((nth: number) => number);

/**
 * A customer's webhook receiver on 127.0.0.1, as a real HTTP server: it records every request and
 * answers per path (200 unless told otherwise), so tests can make it fail, recover, or stay down.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  private readonly behaviours = new Map<string, PathBehaviour>();
  private readonly server = createServer((request, response) => {
    text(request).then(
      (body) => {
        const path = request.url ?? '/';
        const nth = this.received.filter((delivery) => delivery.path === path).length + 1;
        const behaviour = this.behaviours.get(path) ?? 200;
        const answered = typeof behaviour === 'number' ? behaviour : behaviour(nth);
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
        this.received.push({ path, headers, body, answered });
        response.writeHead(answered, { 'content-type': 'text/plain' }).end(answered < 300 ? 'ok' : 'receiver is down');
      },
      () => response.destroy(),
    );
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, behaviour: PathBehaviour): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  /**
   * The events a path accepted (2xx), each verified with the endpoint's secret by the official
   * Standard Webhooks library (it throws on a bad signature), held to its type's published schema
   * (it throws on a field the contract does not have, or one missing), and deduplicated by
   * `webhook-id` as a receiver should.
   */
  events(path: string, secret: string): ReceivedEvent[] {
    const webhook = new Webhook(secret);
    const seen = new Map<string, ReceivedEvent>();
    for (const delivery of this.at(path)) {
      if (delivery.answered >= 300) continue;
      const event = webhook.verify(delivery.body, delivery.headers) as ReceivedEvent;
      webhookEventSchema.parse(event);
      seen.set(delivery.headers['webhook-id']!, event);
    }
    return [...seen.values()];
  }
}
