/**
 * The AWS SDK warns once per process that its releases after January 2027 need Node 22. The local
 * tools run on the Node 20 that package.json's engines allow, where the warning only buries their
 * own output, so each tool turns it off before it makes a client. A value set by the caller wins.
 */
export function quietSdkNodeWarning(env: NodeJS.ProcessEnv = process.env): void {
  env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
}
