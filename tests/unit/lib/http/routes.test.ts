import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { allowedMethods, routes } from '../../../../lib/http/routes';

interface FunctionDef {
  events?: Array<{ httpApi?: string | { method: string; path: string } }>;
}

function declaredRoutes(): string[] {
  const text = readFileSync(join(__dirname, '../../../../serverless.yml'), 'utf8');
  // CloudFormation tags (!Ref, !GetAtt) are not needed here: read them as plain values.
  const config = parse(text, { customTags: [{ tag: '!Ref', resolve: (v: string) => v }, { tag: '!GetAtt', resolve: (v: string) => v }, { tag: '!Join', collection: 'seq', resolve: (v: unknown) => v }] }) as {
    functions: Record<string, FunctionDef>;
  };
  return Object.values(config.functions)
    .flatMap((fn) => fn.events ?? [])
    .flatMap((event) => (event.httpApi === undefined ? [] : [typeof event.httpApi === 'string' ? event.httpApi : `${event.httpApi.method} ${event.httpApi.path}`]))
    .filter((route) => route !== '*');
}

describe('routes', () => {
  it('lists exactly the routes serverless.yml declares', () => {
    expect(declaredRoutes().sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('tells the methods allowed on a path', () => {
    expect(allowedMethods('/api/v1/social-selling/like')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/social-selling/like/')).toEqual(['POST']);
    expect(allowedMethods('/api/v1/jobs/job_123')).toEqual(['GET']);
  });

  it('knows no other path', () => {
    expect(allowedMethods('/api/v1/jobs')).toEqual([]);
    expect(allowedMethods('/api/v1/jobs/a/b')).toEqual([]);
    expect(allowedMethods('/api/v2/social-selling/like')).toEqual([]);
  });
});
