/**
 * The API's routes, as declared in serverless.yml (a test keeps the two in step). The catch-all
 * function uses it to tell an unknown path (404) from a known path with another method (405).
 */
export const routes = [
  { method: 'POST', path: '/api/v1/social-selling/like' },
  { method: 'POST', path: '/api/v1/social-selling/request-comment' },
  { method: 'POST', path: '/api/v1/social-selling/connect' },
  { method: 'POST', path: '/api/v1/social-selling/dm' },
  { method: 'GET', path: '/api/v1/approvals/{approvalId}' },
  { method: 'POST', path: '/api/v1/approvals/{approvalId}' },
  { method: 'GET', path: '/approve/{token}' },
  { method: 'POST', path: '/approve/{token}' },
  { method: 'POST', path: '/api/v1/webhooks/unipile' },
  { method: 'GET', path: '/api/v1/jobs/{jobId}' },
  { method: 'GET', path: '/health' },
  { method: 'GET', path: '/api/v1/openapi.json' },
  { method: 'GET', path: '/docs' },
  { method: 'POST', path: '/api/v1/transcript/add' },
  { method: 'GET', path: '/api/v1/transcript/{call_id}' },
  { method: 'GET', path: '/api/v1/transcripts' },
  { method: 'POST', path: '/api/v1/webhooks' },
  { method: 'GET', path: '/api/v1/webhooks' },
  { method: 'GET', path: '/api/v1/webhooks/{webhookId}' },
  { method: 'PATCH', path: '/api/v1/webhooks/{webhookId}' },
  { method: 'DELETE', path: '/api/v1/webhooks/{webhookId}' },
  { method: 'POST', path: '/api/v1/webhooks/{webhookId}/rotate-secret' },
  { method: 'POST', path: '/api/v1/webhooks/{webhookId}/test' },
  { method: 'GET', path: '/api/v1/webhooks/{webhookId}/deliveries' },
  { method: 'POST', path: '/api/v1/webhooks/{webhookId}/deliveries/{deliveryId}/resend' },
] as const;

function matches(template: string, path: string): boolean {
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`).test(path);
}

/** The methods the API answers on a path; empty when the path is unknown. */
export function allowedMethods(path: string): string[] {
  return routes.filter((route) => matches(route.path, path)).map((route) => route.method);
}
