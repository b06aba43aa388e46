import { escapeHtml, htmlPageHeaders, styleSource } from '../http/html';
import type { Json } from './build-document';

/**
 * The reference as one HTML page, rendered on the server from the OpenAPI document: every
 * operation (method, path, summary, parameters, request body, responses) and every schema. No
 * script and nothing loaded from elsewhere, so it works offline and under a CSP that allows only
 * its own inline stylesheet (by hash). Every value goes through `escapeHtml`.
 */

const STYLE = `:root{color-scheme:light dark;--line:#8884;--muted:#6b7280}
body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;grid-template-columns:minmax(14rem,20rem) 1fr}
nav{position:sticky;top:0;height:100vh;overflow:auto;padding:1rem;border-right:1px solid var(--line);box-sizing:border-box;font-size:.9rem}
nav ul{list-style:none;padding:0;margin:0 0 1rem}nav li{margin:.15rem 0}nav a{text-decoration:none}
main{padding:1rem 2rem;max-width:70rem;min-width:0}
h1{margin-top:0}h2{border-bottom:1px solid var(--line);padding-bottom:.25rem;margin-top:2.5rem}
section.operation{border:1px solid var(--line);border-radius:6px;padding:0 1rem 1rem;margin:1.5rem 0}
code{font:.9em ui-monospace,monospace;overflow-wrap:anywhere}
.method{display:inline-block;min-width:4.2em;text-align:center;border-radius:4px;padding:0 .3em;font:700 .8em ui-monospace,monospace;color:#fff;background:#4b5563}
.get{background:#1d6fb8}.post{background:#15803d}.patch{background:#a16207}.delete{background:#b91c1c}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid var(--line);padding:.3rem .5rem;text-align:left;vertical-align:top}
th{font-weight:600}.req{color:#b91c1c;font-size:.8em;margin-left:.3em}.muted{color:var(--muted)}
details{margin:.25rem 0}summary{cursor:pointer;color:var(--muted)}`;

/** Headers of the page: nothing may load or run but its own stylesheet; no framing, no referrer. */
export const docsPageHeaders: Record<string, string> = htmlPageHeaders(
  `default-src 'none'; style-src ${styleSource(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
);

type Schema = Json;
const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;

/** Escapes, then shows `code` spans as code (the document's descriptions use that much Markdown). */
function prose(text: unknown): string {
  return escapeHtml(String(text ?? '')).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);
const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
const refLink = (ref: string) => `<a href="#${anchor('schema', refName(ref))}"><code>${escapeHtml(refName(ref))}</code></a>`;
const codeOf = (value: unknown) => `<code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;

/** A schema's type in a few words: `string`, `array of Job`, `one of like, love`, … */
function typeOf(schema: Schema): string {
  if (typeof schema.$ref === 'string') return refLink(schema.$ref);
  if (schema.const !== undefined) return codeOf(schema.const);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(codeOf).join(', ')}`;
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives) return alternatives.map(typeOf).join(' <em>or</em> ');
  if (schema.type === 'array') {
    const items = (schema.items as Schema | undefined) ?? {};
    return items.oneOf || items.anyOf ? `array of (${typeOf(items)})` : `array of ${typeOf(items)}`;
  }
  if (schema.type === 'object' && !schema.properties) {
    const values = schema.additionalProperties as Schema | undefined;
    return values && Object.keys(values).length ? `map of ${typeOf(values)}` : 'object';
  }
  if (Array.isArray(schema.type)) return schema.type.map(escapeHtml).join(' or ');
  return escapeHtml(String(schema.type ?? 'any'));
}

/** Its rules in words: lengths, bounds, pattern, format, default. */
function rulesOf(schema: Schema): string[] {
  const rules: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) rules.push(`${String(min)}–${String(max)} ${unit}`);
    else if (min !== undefined) rules.push(`at least ${String(min)} ${unit}`);
    else if (max !== undefined) rules.push(`at most ${String(max)} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  if (schema.minimum !== undefined) rules.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${String(schema.maximum)}`);
  if (schema.format) rules.push(`format ${codeOf(schema.format)}`);
  if (schema.pattern) rules.push(`pattern ${codeOf(schema.pattern)}`);
  if (schema.default !== undefined) rules.push(`default ${codeOf(schema.default)}`);
  if (schema.type === 'object' && schema.additionalProperties === false) rules.push('no other fields');
  return rules;
}

/** The object schemas a field holds inline (itself, its items, its alternatives), to show their fields. */
function innerObjects(schema: Schema): Schema[] {
  if (schema.properties) return [schema];
  if (schema.type === 'array' && schema.items) return innerObjects(schema.items as Schema);
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  return alternatives ? alternatives.flatMap(innerObjects) : [];
}

/** A table of an object's fields; fields that are objects themselves show theirs folded. */
function fieldsTable(schema: Schema): string {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {}).map(([name, field]) => {
    const nested = innerObjects(field)
      .map((inner) => `<details><summary>fields of ${escapeHtml(name)}</summary>${fieldsTable(inner)}</details>`)
      .join('');
    const rules = rulesOf(field);
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeOf(field)}${rules.length ? `<br><span class="muted">${rules.join('; ')}</span>` : ''}</td><td>${prose(field.description)}${nested}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** A schema as a reader needs it: a link to its component, its type, and its fields. */
function schemaHtml(schema: Schema): string {
  const rules = rulesOf(schema);
  const head = `<p>${typeOf(schema)}${rules.length ? ` <span class="muted">(${rules.join('; ')})</span>` : ''}</p>`;
  return `${head}${schema.description && !schema.$ref ? `<p>${prose(schema.description)}</p>` : ''}${innerObjects(schema).map(fieldsTable).join('')}`;
}

function resolve(document: Json, value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value;
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((node, key) => (node[key] ?? {}) as Json, document);
}

function parametersHtml(document: Json, parameters: Json[]): string {
  if (!parameters.length) return '';
  const rows = parameters.map((reference) => {
    const parameter = resolve(document, reference);
    const schema = (parameter.schema ?? {}) as Schema;
    const rules = rulesOf(schema);
    return `<tr><td><code>${escapeHtml(String(parameter.name))}</code>${parameter.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(String(parameter.in))}</td><td>${typeOf(schema)}${rules.length ? `<br><span class="muted">${rules.join('; ')}</span>` : ''}</td><td>${prose(parameter.description)}${parameter.example !== undefined ? `<br><span class="muted">e.g. ${codeOf(parameter.example)}</span>` : ''}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function requestBodyHtml(document: Json, body: Json | undefined): string {
  if (!body) return '';
  const [[mediaType, media]] = Object.entries(body.content as Record<string, Json>) as [[string, Json]];
  const schema = media.schema as Schema;
  const resolved = resolve(document, schema);
  return `<h4>Request body</h4><p><code>${escapeHtml(mediaType)}</code>: ${typeOf(schema)}. ${prose(body.description)}</p>${resolved.description ? `<p>${prose(resolved.description)}</p>` : ''}${innerObjects(resolved).map(fieldsTable).join('')}`;
}

function responsesHtml(responses: Record<string, Json>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    const content = Object.entries((response.content as Record<string, Json> | undefined) ?? {})
      .map(([mediaType, media]) => `<code>${escapeHtml(mediaType)}</code>: ${typeOf((media.schema ?? {}) as Schema)}`)
      .join('<br>');
    const headers = Object.keys((response.headers as Json | undefined) ?? {}).filter((name) => name !== 'X-Request-Id');
    return `<tr><td><strong>${escapeHtml(status)}</strong></td><td>${prose(response.description)}</td><td>${content || '<span class="muted">no body</span>'}</td><td>${headers.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')}</td></tr>`;
  });
  return `<h4>Responses</h4><table><thead><tr><th>Status</th><th>Description</th><th>Body</th><th>Headers</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function securityHtml(document: Json, operation: Json): string {
  const requirements = (operation.security ?? document.security ?? []) as Array<Record<string, unknown>>;
  const schemes = (document.components as Json).securitySchemes as Record<string, Json>;
  const names = requirements.flatMap((requirement) => Object.keys(requirement));
  if (!names.length) return '<p class="muted">Public: no api key.</p>';
  return `<p>Authentication: ${names.map((name) => `header <code>${escapeHtml(String(schemes[name]?.name ?? name))}</code>`).join(' or ')}</p>`;
}

interface Entry {
  method: string;
  path: string;
  operation: Json;
}

function entriesOf(document: Json): Entry[] {
  return Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] as Json })),
  );
}

function operationHtml(document: Json, { method, path, operation }: Entry): string {
  return `<section class="operation" id="${anchor('op', String(operation.operationId))}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p><strong>${prose(operation.summary)}</strong></p><p>${prose(operation.description)}</p>
${securityHtml(document, operation)}
${parametersHtml(document, (operation.parameters as Json[] | undefined) ?? [])}
${requestBodyHtml(document, operation.requestBody as Json | undefined)}
${responsesHtml(operation.responses as Record<string, Json>)}
</section>`;
}

/** The whole page. */
export function renderDocsPage(document: Json): string {
  const info = document.info as Json;
  const tags = (document.tags as Array<{ name: string; description?: string }> | undefined) ?? [];
  const entries = entriesOf(document);
  const byTag = (tag: string) => entries.filter((entry) => ((entry.operation.tags as string[] | undefined) ?? [])[0] === tag);
  const components = document.components as Json;
  const schemas = components.schemas as Record<string, Schema>;
  const standard = Object.entries((components.responses as Record<string, Json> | undefined) ?? {});

  const nav = tags
    .map(
      (tag) =>
        `<h3>${escapeHtml(tag.name)}</h3><ul>${byTag(tag.name)
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${anchor('op', String(operation.operationId))}"><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="${anchor('tag', tag.name)}">${escapeHtml(tag.name)}</h2><p>${prose(tag.description)}</p>${byTag(tag.name)
          .map((entry) => operationHtml(document, entry))
          .join('')}`,
    )
    .join('');
  const schemaSections = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section class="schema" id="${anchor('schema', name)}"><h3>${escapeHtml(name)}</h3>${schemaHtml(schema)}</section>`,
    )
    .join('');
  const standardSections = standard.map(([name, response]) => `<h3>${escapeHtml(name)}</h3><p>${prose(response.description)}</p>`).join('');
  const description = String(info.description ?? '')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title))} — API reference</title><style>${STYLE}</style></head>
<body><nav aria-label="Operations"><p><a href="#top"><strong>${escapeHtml(String(info.title))}</strong></a></p>${nav}<h3>More</h3><ul><li><a href="#schemas">Schemas</a></li><li><a href="#unknown-routes">Unknown routes</a></li></ul></nav>
<main id="top"><h1>${escapeHtml(String(info.title))}</h1>
<p class="muted">API version ${escapeHtml(String(info.version))} · OpenAPI ${escapeHtml(String(document.openapi))} · the same as a document: <a href="/api/v1/openapi.json"><code>/api/v1/openapi.json</code></a></p>
${description}${sections}
<h2 id="schemas">Schemas</h2>${schemaSections}
<h2 id="unknown-routes">Unknown routes</h2>${standardSections}
</main></body></html>
`;
}
