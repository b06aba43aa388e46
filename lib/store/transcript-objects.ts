import { createHash } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { errorName } from './error-name';

/** Where a transcript's content is kept: by workspace, call id and content hash (never overwritten by other content). */
export function transcriptObjectKey(workspaceId: string, callId: string, contentHash: string): string {
  return `workspaces/${workspaceId}/transcripts/${encodeURIComponent(callId)}/${contentHash}.json`;
}

export const sha256Hex = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * Stores a transcript's content, encrypted at rest (SSE-S3), with its SHA-256 checked by S3 on
 * arrival: `contentHash` is `sha256Hex(content)`, computed once by the caller (it is in the key).
 */
export async function putTranscriptObject(s3: S3Client, bucket: string, key: string, content: Buffer, contentHash: string): Promise<void> {
  await s3.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: content,
      ContentType: 'application/json',
      ServerSideEncryption: 'AES256',
      ChecksumSHA256: Buffer.from(contentHash, 'hex').toString('base64'),
    }),
  );
}

/** A transcript's stored content; undefined when the object does not exist. */
export async function readTranscriptObject(s3: S3Client, bucket: string, key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch (error) {
    if (errorName(error) === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** Removes a transcript's content that no record refers to (its record could not be written). */
export async function deleteTranscriptObject(s3: S3Client, bucket: string, key: string): Promise<void> {
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
