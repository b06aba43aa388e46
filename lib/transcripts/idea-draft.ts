import { UnprocessableError } from '../errors';
import type { Db } from '../store/client';
import { getTranscript } from '../store/transcripts';
import { ideaById } from './transcript-view';

/** A transcript idea's post draft, as a post request names it. */
export interface IdeaDraftRef {
  call_id: string;
  idea_id: string;
}

/**
 * The text of the post draft a request names (`draft`): the workspace's transcript of `call_id`,
 * analysed, and its idea `idea_id`, one of the best (only those have a draft). Anything else is a
 * 422 naming the field: the draft is the request's content, so it must be there when asked for.
 */
export async function ideaDraftText(db: Db, workspaceId: string, ref: IdeaDraftRef): Promise<string> {
  const refuse = (field: 'call_id' | 'idea_id', message: string) =>
    new UnprocessableError('unknown-draft', `draft.${field} ${message}.`, [{ path: `draft.${field}`, message }]);
  const transcript = await getTranscript(db, workspaceId, ref.call_id);
  if (!transcript) throw refuse('call_id', 'names no transcript of this workspace');
  if (!transcript.analysis) throw refuse('call_id', `names a transcript not analysed (status ${transcript.status})`);
  const idea = ideaById(transcript.analysis, ref.idea_id);
  if (!idea) throw refuse('idea_id', `names no idea of the call (it has ${transcript.analysis.ideas.length})`);
  if (!idea.draft) throw refuse('idea_id', "names an idea without a post draft: only the call's best ideas have one");
  return idea.draft.text;
}
