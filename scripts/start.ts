/**
 * `npm start`: the whole API on this machine (DynamoDB Local, fauxqs, serverless offline and the
 * SQS poller), a demo workspace with its api key, and ready-to-paste requests. Ctrl-C stops it all.
 */
import path from 'node:path';
import { LocalStackError, PROJECT_ROOT, startLocalStack, type LocalStack } from './local-stack/stack';
import { SQSClient } from '@aws-sdk/client-sqs';
import { requeueUnfinishedWork } from '../lib/outreach/jobs/requeue-unfinished-work';
import { localClientConfig } from './local-stack/clients';
import { describeStack, removeStackFile, stackFilePath, writeStackFile } from './local-stack/stack-file';
import { seedDemoWorkspace } from './seed-demo';
import { targetDb } from './target-db';

const LIKE_BODY = {
  url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000001/',
  groups: ['sales', 'founders'],
  reactionType: 'like',
};

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const dim = (text: string) => (color ? `\x1b[2m${text}\x1b[22m` : text);
const bold = (text: string) => (color ? `\x1b[1m${text}\x1b[22m` : text);

/** Single quotes for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A short plaintext call for the example above (docs/transcripts.md shows the other forms). */
const TRANSCRIPT_BODY = {
  title: 'Discovery call with Globex',
  call_id: 'demo-call-1',
  call_start_time: '2026-11-20T15:00:00Z',
  url: 'https://calls.example.com/recordings/demo-call-1',
  participants: ['sam@acme-sales.example', 'jane@globex.example'],
  format: 'plaintext',
  transcript:
    '[00:00:05] Sam: Thanks for joining, Jane. What made you look at us?\n' +
    '[00:00:12] Jane: Our reps spend hours every week copying call notes into spreadsheets by hand.\n' +
    '[00:00:25] Jane: How long does it take to connect it to Salesforce?\n' +
    '[00:00:31] Sam: Most teams are live in a day.\n' +
    '[00:00:36] Jane: Honestly it sounds too expensive for a team of our size.',
};

/** A comment request to the demo's `sales` group: Chloe's account is in `ask` mode, so her owner gets an approval mail. */
const COMMENT_BODY = {
  url: 'https://www.linkedin.com/feed/update/urn:li:activity:7300000000000000042/',
  comment: 'Great point about pipeline reviews, thanks for sharing.',
  groups: ['sales'],
};

const STACK_FILE = stackFilePath();

function usage(stack: LocalStack, apiKey: string, created: boolean): string {
  const base = stack.baseUrl!;
  const keyHeader = shellQuote(`api-key: ${apiKey}`);
  return [
    '',
    bold(`Outreach API running locally (stage local), ready in ${(stack.timings.totalMs / 1000).toFixed(1)} s`),
    `  API        ${base}`,
    `  api key    ${apiKey}`,
    dim(
      `             demo workspace "demo" ${created ? 'created now' : 'kept from an earlier run'}; the key is also in .local/demo-api-key`,
    ),
    `  DynamoDB   ${stack.env.AWS_ENDPOINT_URL_DYNAMODB}  ${dim('(data kept in .local/dynamodb; `npm run reset` wipes it)')}`,
    `  SQS + S3   ${stack.env.AWS_ENDPOINT_URL_SQS}  ${dim('(in memory: lost when this stops)')}`,
    `  Mail       ${stack.env.AWS_ENDPOINT_URL_SESV2}/  ${dim('(the SES emulator: approval requests sent to account owners, read here; none leaves the machine)')}`,
    '',
    'Like a post with the accounts of two groups:',
    `  curl -i -X POST ${base}/api/v1/social-selling/like \\`,
    `    -H ${keyHeader} -H 'content-type: application/json' \\`,
    `    -d ${shellQuote(JSON.stringify(LIKE_BODY))}`,
    '',
    'Follow the job (its id is at the end of the Location header of that answer):',
    `  curl -s ${base}/api/v1/jobs/<jobId> -H ${keyHeader}`,
    '',
    'Add a sales-call transcript, then read its analysis (metrics and content ideas):',
    `  curl -i -X POST ${base}/api/v1/transcript/add \\`,
    `    -H ${keyHeader} -H 'content-type: application/json' \\`,
    `    -d ${shellQuote(JSON.stringify(TRANSCRIPT_BODY))}`,
    `  curl -s ${base}/api/v1/transcript/${TRANSCRIPT_BODY.call_id} -H ${keyHeader}`,
    '',
    'Onboard an account: ask for a connect link, open its url in a browser, type a profile URL and a name (docs/onboarding.md):',
    `  curl -s -X POST ${base}/api/v1/accounts/connect-link -H ${keyHeader} -H 'content-type: application/json' -d '{}'`,
    '',
    'Ask for an approval: Chloe (sales, in ask mode) must approve her comment; the mail to her owner shows at the Mail page above:',
    `  curl -i -X POST ${base}/api/v1/social-selling/request-comment -H ${keyHeader} -H 'content-type: application/json' \\`,
    `    -d ${shellQuote(JSON.stringify(COMMENT_BODY))}`,
    '',
    `Workspaces, api keys, accounts and groups: ${bold('npm run admin -- --help')}`,
    'In the sandbox, a person accepts the invitations sent to them, or answers a DM (lead.replied):',
    `  npm run admin -- sandbox accept --workspace demo <profileUrl>`,
    `  npm run admin -- sandbox reply --workspace demo <profileUrl> 'Happy to talk next week'`,
    'Stop with Ctrl-C.',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const startup = new AbortController();
  let starting: Promise<LocalStack> | undefined;
  let stack: LocalStack | undefined;
  let stopping = false;
  // When the stack started, as .local/stack.json says it (kept when the file is rewritten after a restart).
  const startedAt = new Date();
  let firstSignalAt = 0;

  const shutDown = async (signal: NodeJS.Signals) => {
    // The terminal sends Ctrl-C to the whole process group, and tsx relays it too: a repeat within
    // a second is the same Ctrl-C. A later one means "now".
    if (stopping) {
      if (Date.now() - firstSignalAt < 1000) return;
      console.error('Stopping at once.');
      process.exit(130); // the stack's exit hook kills what is left
    }
    stopping = true;
    firstSignalAt = Date.now();
    console.log(dim(`\n${signal}: stopping the local stack...`));
    startup.abort();
    await starting?.catch(() => undefined); // an abandoned startup stops what it had started
    removeStackFile(STACK_FILE); // the tools stop looking for a stack that is going away
    await stack?.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutDown(signal));
  process.on('SIGTERM', (signal) => void shutDown(signal));

  try {
    starting = startLocalStack({
      dataDir: path.join(PROJECT_ROOT, '.local', 'dynamodb'),
      withApi: true,
      env: { PACING_WINDOW_SECONDS: '5' },
      log: (line) => console.log(dim(line)),
      signal: startup.signal,
      // A process of the stack exited and could not be kept running: everything is stopped already.
      onFailure: (error) => {
        console.error(`\nnpm start stopped: ${error.message}`);
        process.exit(1);
      },
      onRestart: () => {
        if (stack && !stopping) writeStackFile(STACK_FILE, describeStack(stack, process.pid, startedAt));
      },
    });
    stack = await starting;
    const { apiKey, created } = await seedDemoWorkspace(stack.env);
    // The emulated queues live in memory: put back what an earlier run left unfinished.
    const requeued = await requeueUnfinishedWork({
      db: targetDb({ ...process.env, ...stack.env, STAGE: 'local' }).db,
      sqs: new SQSClient(localClientConfig(stack.env.AWS_ENDPOINT_URL_SQS!)),
      jobsQueueUrl: stack.env.JOBS_QUEUE_URL!,
      actionsQueueUrl: stack.env.ACTIONS_QUEUE_URL!,
      transcriptsQueueUrl: stack.env.TRANSCRIPTS_QUEUE_URL!,
    });
    if (requeued.jobs + requeued.actions + requeued.transcripts > 0) {
      console.log(
        dim(
          `Requeued ${requeued.jobs} unfinished job(s), ${requeued.actions} action(s) and ${requeued.transcripts} transcript(s) from an earlier run.`,
        ),
      );
    }
    if (stopping) return; // Ctrl-C during the seeding: shutDown() has it
    // Where this stack runs, for the admin CLI in another terminal; gone with this process, whichever way it ends.
    writeStackFile(STACK_FILE, describeStack(stack, process.pid, startedAt));
    process.once('exit', () => removeStackFile(STACK_FILE));
    console.log(usage(stack, apiKey, created));
  } catch (error) {
    if (stopping) return; // the failure is the shutdown itself (e.g. Java got the Ctrl-C first)
    console.error(`\nnpm start failed: ${error instanceof LocalStackError ? error.message : ((error as Error).stack ?? String(error))}`);
    await stack?.stop();
    process.exit(1);
  }
}

void main();
