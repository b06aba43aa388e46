/**
 * Posts a message to a Slack incoming webhook. A workspace's webhook URL is always
 * `https://hooks.slack.com/...` (`slackWebhookUrlSchema`); `origin` replaces that origin where
 * the post really goes (SLACK_WEBHOOK_ORIGIN: Slack itself when deployed, a local receiver in
 * tests), so the stored address never points anywhere else.
 */
export async function postSlack(webhookUrl: string, text: string, options: { origin: string; timeoutMs: number }): Promise<void> {
  const url = new URL(webhookUrl);
  const target = new URL(`${url.pathname}${url.search}`, options.origin);
  const response = await fetch(target, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs),
  });
  if (!response.ok) {
    const body = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`Slack answered ${response.status}${body ? `: ${body}` : ''}`);
  }
}
