import { S3Client } from '@aws-sdk/client-s3';
import { S3_REQUEST_TIMEOUT_MS, timedRequestHandler } from '../aws-timeouts';
import { traced } from '../tracer';

let shared: S3Client | undefined;

/**
 * The process-wide S3 client, its calls traced. Locally the endpoint comes from AWS_ENDPOINT_URL_S3, an IP address,
 * which only path-style addressing (`http://host/bucket/key`) can reach.
 */
export function defaultS3(): S3Client {
  shared ??= traced(
    new S3Client({
      maxAttempts: 3,
      requestHandler: timedRequestHandler(S3_REQUEST_TIMEOUT_MS),
      forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    }),
  );
  return shared;
}
