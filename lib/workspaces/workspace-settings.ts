import { NotFoundError } from '../errors';
import type { WorkspacePatch } from '../schemas/workspace-patch';
import type { Db } from '../store/client';
import type { Workspace } from '../store/workspaces';
import { getWorkspace, updateWorkspaceSettings } from '../store/workspaces';

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

async function requireWorkspace(db: Db, workspaceId: string): Promise<Workspace> {
  const workspace = await getWorkspace(db, workspaceId);
  // The key's own workspace, removed under it.
  if (!workspace) throw new NotFoundError('This workspace no longer exists.');
  return workspace;
}

/** GET /api/v1/workspace. */
export async function showWorkspace(db: Db, workspaceId: string): Promise<WorkspaceView> {
  return workspaceView(await requireWorkspace(db, workspaceId));
}

/** PATCH /api/v1/workspace: writes the settings named; the workspace as it now is. */
export async function updateWorkspace(db: Db, workspaceId: string, patch: WorkspacePatch): Promise<WorkspaceView> {
  await requireWorkspace(db, workspaceId);
  const updated = await updateWorkspaceSettings(db, workspaceId, { slackWebhookUrl: patch.slackWebhookUrl ?? undefined });
  return workspaceView(updated);
}
