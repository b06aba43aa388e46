/** AWS SDK settings for the emulators: fixed fake credentials and region, an explicit endpoint. */
export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

export function localClientConfig(endpoint: string) {
  return { endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 2 };
}

/** S3 against an IP endpoint needs path-style addressing (`http://host/bucket/key`). */
export function localS3ClientConfig(endpoint: string) {
  return { ...localClientConfig(endpoint), forcePathStyle: true };
}
