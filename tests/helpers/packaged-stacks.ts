import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation templates are arbitrary JSON */

export interface Template {
  Parameters?: Record<string, unknown>;
  Resources: Record<string, { Type: string; Properties?: Record<string, any>; DependsOn?: string | string[]; Condition?: string }>;
  Outputs?: Record<string, { Value: unknown }>;
}

export interface PackagedStacks {
  root: Template;
  /** Each nested stack's template, by the logical id of its AWS::CloudFormation::Stack in the root. */
  nested: Record<string, Template>;
}

/** The root template `serverless package` wrote to `dir`, and the nested ones its stacks' TemplateURLs name. */
export function readPackagedStacks(dir: string): PackagedStacks {
  const root = JSON.parse(readFileSync(join(dir, 'cloudformation-template-update-stack.json'), 'utf8')) as Template;
  const files = new Set(readdirSync(dir));
  const nested: Record<string, Template> = {};
  for (const [id, resource] of Object.entries(root.Resources)) {
    if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
    const parts = resource.Properties!.TemplateURL['Fn::Join'][1] as unknown[];
    const file = String(parts.at(-1)).split('/').at(-1)!;
    if (!files.has(file)) throw new Error(`${id}'s template ${file} is not in the package`);
    nested[id] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Template;
  }
  return { root, nested };
}

/** Every logical id a value refers to: Ref, GetAtt, and the names of a Sub string. */
export function referencesOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => referencesOf(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.add(inner);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(inner) ? String(inner[0]) : String(inner).split('.')[0]!);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? inner[0] : inner;
        for (const match of String(text).matchAll(/\$\{([A-Za-z0-9:]+)(?:\.[^}]*)?\}/g)) found.add(match[1]!);
        if (Array.isArray(inner)) referencesOf(inner[1], found);
      } else referencesOf(inner, found);
    }
  }
  return found;
}

/** `value` with each parameter reference replaced by what the root passes for it. */
function inline(value: unknown, passed: Record<string, any>): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, passed));
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, any>;
  if (typeof object.Ref === 'string' && object.Ref in passed) return passed[object.Ref];
  if (object['Fn::Sub'] !== undefined) {
    const [text, variables] = Array.isArray(object['Fn::Sub']) ? object['Fn::Sub'] : [object['Fn::Sub'], undefined];
    const replaced = String(text).replace(/\$\{([A-Za-z0-9]+)\}/g, (whole, name: string) => {
      const given = passed[name];
      if (!given) return whole;
      if (given.Ref) return `\${${given.Ref}}`;
      return `\${${given['Fn::GetAtt'][0]}.${given['Fn::GetAtt'][1]}}`;
    });
    return { 'Fn::Sub': variables ? [replaced, inline(variables, passed)] : replaced };
  }
  return Object.fromEntries(Object.entries(object).map(([key, inner]) => [key, inline(inner, passed)]));
}

/**
 * The stacks as one template's resources: each nested stack's resources, its parameters replaced by
 * what the root passes, beside the root's own. What the service deploys, read as if it were one stack.
 */
export function asOneTemplate({ root, nested }: PackagedStacks): Template['Resources'] {
  const resources: Template['Resources'] = {};
  for (const [id, resource] of Object.entries(root.Resources)) {
    if (resource.Type !== 'AWS::CloudFormation::Stack') {
      resources[id] = resource;
      continue;
    }
    const passed = (resource.Properties!.Parameters ?? {}) as Record<string, any>;
    for (const [inner, nestedResource] of Object.entries(nested[id]!.Resources))
      resources[inner] = inline(nestedResource, passed) as Template['Resources'][string];
  }
  return resources;
}
