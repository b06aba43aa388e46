'use strict';
/**
 * A plugin of this project's serverless.yml: the functions' own resources (each function, its log
 * group, its alarm, its route, integration and permission, its queue's or timer's event) move into
 * nested stacks, one per group of functions (`custom.nestedStacks`, made from the definitions:
 * deploy/serverless-entries.ts). CloudFormation takes 500 resources in a stack; a stack of the
 * shared resources (table, queues, API, roles, alarms) and a nested stack per area each stay far
 * below, and a new route adds to its area's stack only. `serverless deploy` and `serverless remove`
 * stay one command: the nested stacks are resources of the service's stack.
 *
 * A reference from a nested resource to a shared one becomes a parameter of its nested stack, which
 * the root passes; a reference the other way becomes an output of the nested stack.
 */

const fs = require('node:fs');
const path = require('node:path');

const isPseudo = (name) => name.startsWith('AWS::');
const parameterName = (id, attribute) => `${id}${attribute ? attribute.replace(/[^A-Za-z0-9]/g, '') : ''}`;

/** Every logical id `value` refers to (Ref, GetAtt, and the names a Sub string names). */
function referencesOf(value, found = new Set()) {
  if (Array.isArray(value)) value.forEach((item) => referencesOf(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string') found.add(inner);
      else if (key === 'Fn::GetAtt') found.add(Array.isArray(inner) ? inner[0] : String(inner).split('.')[0]);
      else if (key === 'Fn::Sub') {
        const text = Array.isArray(inner) ? inner[0] : inner;
        for (const match of String(text).matchAll(/\$\{([A-Za-z0-9]+)(?:\.[^}]*)?\}/g)) found.add(match[1]);
        if (Array.isArray(inner)) referencesOf(inner[1], found);
      } else referencesOf(inner, found);
    }
  }
  return found;
}

const dependsOn = (resource) => [].concat(resource.DependsOn ?? []);

/**
 * Which nested stack each resource moves to: each group's functions, then, until nothing changes,
 * every resource that refers to the resources of one group only (and is not conditional), and the
 * log group a single moved function depends on.
 */
function assignStacks(resources, functionStacks) {
  const owner = new Map(Object.entries(functionStacks));
  for (let changed = true; changed;) {
    changed = false;
    for (const [id, resource] of Object.entries(resources)) {
      if (owner.has(id) || resource.Condition || resource.Type === 'AWS::CloudFormation::Stack') continue;
      const stacks = new Set([...referencesOf(resource.Properties ?? {})].filter((ref) => owner.has(ref)).map((ref) => owner.get(ref)));
      if (stacks.size === 1) {
        owner.set(id, [...stacks][0]);
        changed = true;
      }
    }
    for (const [id, resource] of Object.entries(resources)) {
      if (!owner.has(id) || resource.Type !== 'AWS::Lambda::Function') continue;
      for (const dependency of dependsOn(resource)) {
        const target = resources[dependency];
        const dependents = Object.values(resources).filter((other) => dependsOn(other).includes(dependency));
        if (target?.Type === 'AWS::Logs::LogGroup' && !owner.has(dependency) && dependents.length === 1) {
          owner.set(dependency, owner.get(id));
          changed = true;
        }
      }
    }
  }
  return owner;
}

/**
 * `template` split: the root keeps the shared resources and gains one AWS::CloudFormation::Stack per
 * group, whose template (returned by name) holds that group's resources. `templateUrl(file)` is where
 * a nested template will be at deploy time.
 */
function nestTemplate(template, functionStacks, templateUrl) {
  const resources = template.Resources;
  const owner = assignStacks(resources, functionStacks);
  const stackNames = [...new Set(owner.values())];
  const nested = Object.fromEntries(stackNames.map((name) => [name, { parameters: {}, outputs: {}, resources: {}, dependsOn: new Set() }]));
  const stackId = (name) => `${name}NestedStack`;

  /** `value` with each reference to a resource outside `stack` made a parameter of it. */
  const localise = (value, stack) => {
    const here = nested[stack];
    const outside = (id) => !isPseudo(id) && owner.get(id) !== stack;
    const parameter = (id, attribute, expression) => {
      if (owner.has(id)) throw new Error(`${id} of nested stack ${owner.get(id)} is referred to from nested stack ${stack}`);
      const name = parameterName(id, attribute);
      here.parameters[name] = expression;
      return name;
    };
    if (Array.isArray(value)) return value.map((item) => localise(item, stack));
    if (!value || typeof value !== 'object') return value;
    if (typeof value.Ref === 'string' && outside(value.Ref)) return { Ref: parameter(value.Ref, '', { Ref: value.Ref }) };
    if (value['Fn::GetAtt']) {
      const [id, attribute] = Array.isArray(value['Fn::GetAtt']) ? value['Fn::GetAtt'] : String(value['Fn::GetAtt']).split(/\.(.*)/);
      if (outside(id)) return { Ref: parameter(id, attribute, { 'Fn::GetAtt': [id, attribute] }) };
    }
    if (value['Fn::Sub'] !== undefined) {
      const [text, variables] = Array.isArray(value['Fn::Sub']) ? value['Fn::Sub'] : [value['Fn::Sub'], undefined];
      const local = String(text).replace(/\$\{([A-Za-z0-9]+)(?:\.([^}]*))?\}/g, (whole, id, attribute) =>
        outside(id) && !(variables && id in variables)
          ? `\${${parameter(id, attribute, attribute ? { 'Fn::GetAtt': [id, attribute] } : { Ref: id })}}`
          : whole,
      );
      return { 'Fn::Sub': variables ? [local, localise(variables, stack)] : local };
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, localise(inner, stack)]));
  };

  for (const [id, resource] of Object.entries(resources)) {
    const stack = owner.get(id);
    if (!stack) continue;
    const moved = localise({ ...resource }, stack);
    const [inside, outside] = [[], []];
    for (const dependency of dependsOn(resource)) (owner.get(dependency) === stack ? inside : outside).push(dependency);
    for (const dependency of outside) {
      if (owner.has(dependency)) throw new Error(`${id} of nested stack ${stack} depends on ${dependency} of another`);
      nested[stack].dependsOn.add(dependency);
    }
    if (inside.length) moved.DependsOn = inside;
    else delete moved.DependsOn;
    nested[stack].resources[id] = moved;
    delete resources[id];
  }

  /** `value` of the root with each reference to a moved resource made an output of its stack. */
  const outputOf = (value) => {
    if (Array.isArray(value)) return value.map(outputOf);
    if (!value || typeof value !== 'object') return value;
    const [id, attribute] =
      typeof value.Ref === 'string'
        ? [value.Ref, '']
        : value['Fn::GetAtt']
          ? Array.isArray(value['Fn::GetAtt'])
            ? value['Fn::GetAtt']
            : String(value['Fn::GetAtt']).split(/\.(.*)/)
          : [undefined];
    if (id && owner.has(id)) {
      const name = parameterName(id, attribute);
      nested[owner.get(id)].outputs[name] = { Value: attribute ? { 'Fn::GetAtt': [id, attribute] } : { Ref: id } };
      return { 'Fn::GetAtt': [stackId(owner.get(id)), `Outputs.${name}`] };
    }
    if (value['Fn::Sub'] !== undefined && [...referencesOf(value)].some((ref) => owner.has(ref)))
      throw new Error(`a Fn::Sub of the root names a resource of a nested stack: ${JSON.stringify(value).slice(0, 200)}`);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, outputOf(inner)]));
  };
  for (const [id, resource] of Object.entries(resources)) {
    const next = outputOf(resource);
    const dependencies = dependsOn(resource).map((dependency) => (owner.has(dependency) ? stackId(owner.get(dependency)) : dependency));
    if (dependencies.length) next.DependsOn = [...new Set(dependencies)];
    resources[id] = next;
  }
  if (template.Outputs) template.Outputs = outputOf(template.Outputs);

  const templates = {};
  for (const name of stackNames) {
    const stack = nested[name];
    const file = `nested-${name.replace(/[A-Z]/g, (letter, index) => (index ? '-' : '') + letter.toLowerCase())}.json`;
    templates[file] = {
      AWSTemplateFormatVersion: '2010-09-09',
      Description: `${template.Description ?? 'The service'}: the functions of ${name}`,
      ...(Object.keys(stack.parameters).length
        ? { Parameters: Object.fromEntries(Object.keys(stack.parameters).map((parameter) => [parameter, { Type: 'String' }])) }
        : {}),
      Resources: stack.resources,
      ...(Object.keys(stack.outputs).length ? { Outputs: stack.outputs } : {}),
    };
    resources[stackId(name)] = {
      Type: 'AWS::CloudFormation::Stack',
      ...(stack.dependsOn.size ? { DependsOn: [...stack.dependsOn].sort() } : {}),
      Properties: {
        TemplateURL: templateUrl(file),
        ...(Object.keys(stack.parameters).length ? { Parameters: stack.parameters } : {}),
      },
    };
  }
  return templates;
}

class NestedStacks {
  constructor(serverless) {
    this.serverless = serverless;
    this.provider = serverless.getProvider('aws');
    this.hooks = {
      // After the other plugins added their resources (an alarm per function, the dashboard).
      'after:aws:package:finalize:mergeCustomProviderResources': () => this.nest(),
      'aws:deploy:deploy:uploadArtifacts': () => this.upload(),
    };
  }

  /** Where the Framework packages (and, deploying, reads a package back to): `--package` is a copy of it. */
  packagePath() {
    return path.join(this.serverless.serviceDir, '.serverless');
  }

  nest() {
    const { service } = this.serverless;
    const groups = (service.custom ?? {}).nestedStacks;
    if (!groups)
      throw new this.serverless.classes.Error('custom.nestedStacks names the functions of each nested stack (deploy/nested-stacks.cjs).');
    const naming = this.provider.naming;
    const functionStacks = {};
    for (const [stack, functions] of Object.entries(groups))
      for (const key of functions) functionStacks[naming.getLambdaLogicalId(key)] = stack;
    const directory = service.package.artifactDirectoryName;
    const templateUrl = (file) => ({
      'Fn::Join': [
        '',
        [
          'https://s3.',
          { Ref: 'AWS::Region' },
          '.',
          { Ref: 'AWS::URLSuffix' },
          '/',
          { Ref: 'ServerlessDeploymentBucket' },
          `/${directory}/${file}`,
        ],
      ],
    });
    const templates = nestTemplate(service.provider.compiledCloudFormationTemplate, functionStacks, templateUrl);
    fs.mkdirSync(this.packagePath(), { recursive: true });
    for (const [file, template] of Object.entries(templates))
      fs.writeFileSync(path.join(this.packagePath(), file), JSON.stringify(template, null, 2));
  }

  /** Puts the nested templates beside the functions' code, where the root's TemplateURLs point. */
  async upload() {
    const bucket = await this.provider.getServerlessDeploymentBucketName();
    const directory = this.serverless.service.package.artifactDirectoryName;
    const files = fs.readdirSync(this.packagePath()).filter((file) => /^nested-[a-z-]+\.json$/.test(file));
    for (const file of files) {
      await this.provider.request('S3', 'putObject', {
        Bucket: bucket,
        Key: `${directory}/${file}`,
        Body: fs.readFileSync(path.join(this.packagePath(), file)),
        ContentType: 'application/json',
      });
    }
  }
}

module.exports = NestedStacks;
module.exports.nestTemplate = nestTemplate;
