import { finalActionStatuses, toAction, type Action } from '../../lib/store/actions';
import type { Db } from '../../lib/store/client';
import { isFinalJobStatus, toJob, type Job } from '../../lib/store/jobs';
import { keys } from '../../lib/store/keys';
import { queryPrefix } from '../../lib/store/query-all';
import { toTranscript, type Transcript } from '../../lib/store/transcripts';

export interface WorkspaceState {
  jobs: Map<string, Job>;
  /** Each job's actions, by job id. */
  actions: Map<string, Action[]>;
  transcripts: Map<string, Transcript>;
}

/** Every job, action and transcript of a workspace, read from the table (not through the API). */
export async function readWorkspaceState(db: Db, workspaceId: string): Promise<WorkspaceState> {
  const { pk } = keys.workspace(workspaceId);
  const [jobItems, transcriptItems] = await Promise.all([queryPrefix(db, pk, 'JOB#'), queryPrefix(db, pk, 'TRANSCRIPT#')]);
  const state: WorkspaceState = { jobs: new Map(), actions: new Map(), transcripts: new Map() };
  for (const item of jobItems) {
    if ((item.sk as string).includes('#ACTION#')) {
      const action = toAction(item);
      state.actions.set(action.jobId, [...(state.actions.get(action.jobId) ?? []), action]);
    } else {
      const job = toJob(item);
      state.jobs.set(job.jobId, job);
    }
  }
  for (const item of transcriptItems) {
    const transcript = toTranscript(item);
    state.transcripts.set(transcript.callId, transcript);
  }
  return state;
}

export const isFinalJob = (job: Job) => isFinalJobStatus(job.status);
export const isFinalAction = (action: Action) => (finalActionStatuses as readonly string[]).includes(action.status);
export const isFinalTranscript = (transcript: Transcript) => transcript.status === 'analysed' || transcript.status === 'failed';
