import { NotFoundError } from '../errors';
import type { WorkspacePatch } from '../schemas/workspace-patch';
import type { Db } from '../store/client';
import type { Workspace } from '../store/workspaces';
import { getWorkspace, setWorkspaceSetting } from '../store/workspaces';

/** Shown of a Slack webhook URL: enough to recognise it, not to post to it (the URL is its own secret). */
function maskedSlackUrl(url: string): string {
  return `https://hooks.slack.com/…${url.slice(-4)}`;
}

/** The workspace as `GET /api/v1/workspace` shows it: what its key acts in, and the settings it changes itself. */
export function workspaceView(workspace: Workspace) {
  const slack = workspace.settings.slackWebhookUrl;
  return {
    workspaceId: workspace.workspaceId,
    name: workspace.name,
    slackWebhookUrl: slack ? maskedSlackUrl(slack) : null,
    links: { self: '/api/v1/workspace' },
  };
}
export type WorkspaceView = ReturnType<typeof workspaceView>;

/** The key's own workspace, removed under it: a 404. */
const workspaceGone = () => new NotFoundError('This workspace no longer exists.');

/** GET /api/v1/workspace. */
export async function showWorkspace(db: Db, workspaceId: string): Promise<WorkspaceView> {
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw workspaceGone();
  return workspaceView(workspace);
}

/**
 * PATCH /api/v1/workspace: writes the setting named, in one write that leaves the others as they are
 * (no read first, so no other setting changed meanwhile is lost); the workspace as it now is.
 */
export async function updateWorkspace(db: Db, workspaceId: string, patch: WorkspacePatch): Promise<WorkspaceView> {
  const updated = await setWorkspaceSetting(db, workspaceId, 'slackWebhookUrl', patch.slackWebhookUrl ?? undefined);
  if (!updated) throw workspaceGone();
  return workspaceView(updated);
}
