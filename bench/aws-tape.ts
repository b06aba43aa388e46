/**
 * Record and replay of the AWS SDK's HTTP traffic, below serialisation and signing.
 *
 * Recording forwards each request to the emulators and keeps the response; replaying answers from
 * memory, so a timed run does every bit of SDK work (middleware, serialisation, SigV4 signing,
 * deserialisation, checksums) except the network. The same tape serves a handler and the bare SDK
 * calls it is compared with, so both pay exactly the same transport.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { HttpRequest, HttpResponse } from '@smithy/types';

interface RecordedResponse {
  operation: string;
  statusCode: number;
  reason?: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** One SDK command as the code sent it: which client, which command, a copy of its input. */
export interface RecordedCommand {
  service: 'DynamoDB' | 'SQS' | 'S3';
  name: string;
  input: unknown;
  command: new (input: never) => unknown;
}

/** What one request made: its commands (in the order sent) and the HTTP responses they got. */
export interface Recording {
  commands: RecordedCommand[];
  responses: RecordedResponse[];
}

/** The operation an HTTP request is: the JSON protocols name it in a header; S3 by method and key shape. */
function operationOf(request: HttpRequest): string {
  const target = request.headers['x-amz-target'];
  if (target) return target;
  return `S3 ${request.method} ${Object.keys(request.query ?? {})
    .sort()
    .join('&')}`;
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === 'string' || body instanceof Uint8Array) return Buffer.from(body as string);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * SQS checks the MD5 of each body it sent against the answer: a replayed answer carries the MD5
 * of the body sent now (new ids, new timestamps), as SQS would.
 */
function answerFor(request: HttpRequest, recorded: RecordedResponse): Buffer {
  if (recorded.operation !== 'AmazonSQS.SendMessage' && recorded.operation !== 'AmazonSQS.SendMessageBatch') return recorded.body;
  if (recorded.statusCode !== 200) return recorded.body;
  const text = typeof request.body === 'string' ? request.body : Buffer.from(request.body as Uint8Array).toString('utf8');
  const sent = JSON.parse(text) as { MessageBody?: string; Entries?: Array<{ Id: string; MessageBody: string }> };
  const answer = JSON.parse(recorded.body.toString('utf8')) as {
    MD5OfMessageBody?: string;
    Successful?: Array<{ Id: string; MD5OfMessageBody: string }>;
  };
  if (sent.MessageBody !== undefined) answer.MD5OfMessageBody = md5(sent.MessageBody);
  for (const entry of answer.Successful ?? []) {
    const body = sent.Entries?.find((candidate) => candidate.Id === entry.Id)?.MessageBody;
    if (body !== undefined) entry.MD5OfMessageBody = md5(body);
  }
  return Buffer.from(JSON.stringify(answer));
}

/**
 * The transport of the clients under test. `record` forwards to the network and keeps every
 * response; `replay` answers each request with the first unused recorded response of the same
 * operation, without I/O. One shared tape serves every client.
 */
export class AwsTape {
  private readonly network = new NodeHttpHandler();
  private mode: 'record' | 'replay' | 'pass' = 'pass';
  private recording: Recording = { commands: [], responses: [] };
  private pending: RecordedResponse[] = [];

  /** Begins a recording: every command and response from now on is kept. */
  startRecording(): void {
    this.mode = 'record';
    this.recording = { commands: [], responses: [] };
  }

  /** Ends the recording (later traffic goes to the network unrecorded) and returns it. */
  stopRecording(): Recording {
    this.mode = 'pass';
    return this.recording;
  }

  /** Answers from `recording` from now on; call before each replayed request. */
  replay(recording: Recording): void {
    this.mode = 'replay';
    this.pending = [...recording.responses];
  }

  /** Responses of the last replay not asked for: a replay that does not match its recording. */
  unusedResponses(): number {
    return this.pending.length;
  }

  /** Notes a command about to be sent by a watched client (see `watchClients`). */
  noteCommand(service: RecordedCommand['service'], command: { input: unknown; constructor: unknown }): void {
    if (this.mode !== 'record') return;
    this.recording.commands.push({
      service,
      name: (command.constructor as { name: string }).name.replace(/Command$/, ''),
      input: structuredClone(command.input),
      command: command.constructor as RecordedCommand['command'],
    });
  }

  async handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
    const operation = operationOf(request);
    if (this.mode === 'replay') {
      const index = this.pending.findIndex((candidate) => candidate.operation === operation);
      if (index < 0) throw new Error(`the replayed request made ${operation}, which its recording did not`);
      const [recorded] = this.pending.splice(index, 1) as [RecordedResponse];
      return {
        response: {
          statusCode: recorded.statusCode,
          reason: recorded.reason,
          headers: { ...recorded.headers },
          body: Readable.from([answerFor(request, recorded)]),
        },
      };
    }
    const { response } = await this.network.handle(request as Parameters<NodeHttpHandler['handle']>[0]);
    if (this.mode !== 'record') return { response };
    const body = await bodyBytes(response.body);
    this.recording.responses.push({
      operation,
      statusCode: response.statusCode,
      reason: response.reason,
      headers: { ...response.headers },
      body,
    });
    return { response: { ...response, body: Readable.from([body]) } };
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {
    this.network.destroy();
  }
}

export interface WatchedClients {
  db: DynamoDBDocumentClient;
  sqs: SQSClient;
  s3: S3Client;
}

/**
 * Puts `tape` under these clients: their HTTP goes through it, and each command they send is
 * noted while it records. The document client shares its config with the DynamoDB client inside it.
 */
export function watchClients(clients: WatchedClients, tape: AwsTape): void {
  const watched: Array<[RecordedCommand['service'], { send: (...args: never[]) => unknown; config: unknown }]> = [
    ['DynamoDB', clients.db as never],
    ['SQS', clients.sqs as never],
    ['S3', clients.s3 as never],
  ];
  for (const [service, client] of watched) {
    (client.config as { requestHandler: unknown }).requestHandler = tape;
    const send = client.send.bind(client) as (command: { input: unknown; constructor: unknown }, ...rest: unknown[]) => unknown;
    client.send = ((command: { input: unknown; constructor: unknown }, ...rest: unknown[]) => {
      tape.noteCommand(service, command);
      return send(command, ...rest);
    }) as never;
  }
}

/** Sends a recording's commands again, in order, through bare clients: what the request must cost at least. */
export async function sendCommands(clients: WatchedClients, commands: RecordedCommand[]): Promise<void> {
  const byService = { DynamoDB: clients.db, SQS: clients.sqs, S3: clients.s3 } as Record<
    RecordedCommand['service'],
    { send: (command: unknown) => Promise<unknown> }
  >;
  for (const recorded of commands) {
    const command = new recorded.command(recorded.input as never);
    // A refused condition is an answer the request expects: its error is deserialised like any answer.
    await byService[recorded.service].send(command).catch(() => undefined);
  }
}
