/**
 * The SQS poller's own process (started by `startPollerProcess`): reads its options from
 * LOCAL_POLLER_OPTIONS, prints its log lines, then `[poller] ready` once its loops run. SIGTERM or
 * SIGINT stops it; so does its parent going away (its stdin closes), however the parent ended.
 */
import { startSqsPoller, type PollerOptions } from './poller';
import { POLLER_OPTIONS_VARIABLE, POLLER_READY_LINE } from './poller-process';

const options = JSON.parse(process.env[POLLER_OPTIONS_VARIABLE] ?? '') as Omit<PollerOptions, 'log'>;
const poller = startSqsPoller({ ...options, log: (line) => process.stdout.write(`${line}\n`) });
process.stdout.write(`${POLLER_READY_LINE}\n`);

const stop = () => void poller.stop().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.once('close', stop);
process.stdin.resume();
