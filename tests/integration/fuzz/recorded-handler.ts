import type { HttpHandler } from '../../../lib/http/pipeline';
import { loadHandler } from '../http/load-handler';

/** One AWS write that succeeded: its command, the table items it wrote (`pk|sk`), the messages it sent. */
export interface AwsWrite {
  command: string;
  items: string[];
  messages: number;
}

/** The writes a handler's real AWS clients made, taken request by request. */
export class WriteRecorder {
  private writes: AwsWrite[] = [];
  record(write: AwsWrite): void {
    this.writes.push(write);
  }
  /** The writes since the last call. */
  take(): AwsWrite[] {
    const writes = this.writes;
    this.writes = [];
    return writes;
  }
}

type Item = Record<string, unknown> | undefined;

/** A key attribute, before or after the document client marshalled it. */
function keyOf(item: Item): string {
  const attribute = (name: string) => {
    const value = item?.[name] as string | { S?: string } | undefined;
    return typeof value === 'string' ? value : (value?.S ?? '');
  };
  return `${attribute('pk')}|${attribute('sk')}`;
}

/** The items a DynamoDB write command writes (condition checks write nothing). */
function writtenItems(input: Record<string, unknown>): string[] {
  const direct = [input.Item, input.Key].filter(Boolean) as Item[];
  const transact = ((input.TransactItems ?? []) as Array<Record<string, { Item?: Item; Key?: Item }>>).flatMap((entry) =>
    [entry.Put?.Item, entry.Update?.Key, entry.Delete?.Key].filter(Boolean),
  );
  const batch = Object.values(
    (input.RequestItems ?? {}) as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>,
  ).flatMap((requests) => requests.map((request) => request.PutRequest?.Item ?? request.DeleteRequest?.Key));
  return [...direct, ...transact, ...batch].map(keyOf);
}

const WRITE = /^(Put|Update|Delete|BatchWrite|TransactWrite|SendMessage|CopyObject|CompleteMultipartUpload)/;

interface CallArgs {
  input: object;
}
interface CallResult {
  output: object;
}
/** The part of an AWS SDK v3 client the recorder uses. */
interface MiddlewareClient {
  middlewareStack: {
    add(
      middleware: (
        next: (args: CallArgs) => Promise<CallResult>,
        context: { commandName?: string },
      ) => (args: CallArgs) => Promise<CallResult>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/** Counts what `client` writes, after the call succeeded: the call itself goes through unchanged. */
function recordWrites(client: MiddlewareClient, recorder: WriteRecorder): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const output = await next(args);
      const command = context.commandName ?? '';
      if (WRITE.test(command)) {
        const input = args.input as Record<string, unknown>;
        const entries = (input.Entries as unknown[] | undefined)?.length ?? 1;
        const failed = ((output.output as { Failed?: unknown[] }).Failed ?? []).length;
        const sqs = command.startsWith('SendMessage');
        // An S3 object is named by a string Key; a table item by its pk and sk.
        const items = sqs ? [] : typeof input.Key === 'string' ? [`s3:${input.Key}`] : writtenItems(input);
        recorder.record({ command, items, messages: sqs ? entries - failed : 0 });
      }
      return output;
    },
    { step: 'initialize', name: 'fuzzWriteRecorder' },
  );
}

/**
 * Loads a handler as `loadHandler` does, and records the writes of the DynamoDB, SQS and S3
 * clients of its own module registry (real clients on the emulators; the recorder only looks).
 */
export async function loadRecordedHandler(
  load: () => Promise<{ handler: HttpHandler }>,
  env: Record<string, string>,
  recorder: WriteRecorder,
): Promise<HttpHandler> {
  return loadHandler(async () => {
    const module = await load();
    const [{ defaultDb }, { defaultSqs }, { defaultS3 }] = await Promise.all([
      import('../../../lib/store/client'),
      import('../../../lib/queue/client'),
      import('../../../lib/store/s3-client'),
    ]);
    for (const client of [defaultDb().client, defaultSqs(), defaultS3()]) recordWrites(client as unknown as MiddlewareClient, recorder);
    return module;
  }, env);
}
