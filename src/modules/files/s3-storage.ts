import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './storage.js';

/**
 * Files in an S3-compatible bucket, through the official AWS SDK. A custom endpoint
 * (`AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`: MinIO, R2, Spaces…) is addressed path-style, which
 * every such service understands; checksums are sent only where S3 requires them, as several of
 * them do not know the SDK's newer ones.
 */
export class S3Storage implements FileStorage {
  readonly description: string;

  constructor(private readonly client: S3Client, private readonly bucket: string, private readonly prefix: string) {
    this.description = `s3://${bucket}/${prefix}`;
  }

  static fromUrl(location: string, env: NodeJS.ProcessEnv): S3Storage {
    const url = new URL(location);
    if (url.hostname === '') throw new Error(`STOREFRONT_FILES names no bucket: ${location}`);
    const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
    const client = new S3Client({
      region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      // Keys in these variables, else the SDK's usual chain (profiles, instance roles…).
      ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined } }
        : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const prefix = url.pathname.replace(/^\/+|\/+$/g, '');
    return new S3Storage(client, url.hostname, prefix === '' ? '' : `${prefix}/`);
  }

  async put(key: string, bytes: Buffer, mimeType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: bytes, ContentType: mimeType }));
  }

  /**
   * A put needs the length before the bytes: the source is spooled to a temporary file first, so
   * memory stays bounded whatever its length (an object of up to 5 GB, S3's single put).
   */
  async putStream(key: string, source: AsyncIterable<string | Uint8Array>, mimeType: string): Promise<void> {
    const directory = await mkdtemp(join(tmpdir(), 'storefront-upload-'));
    try {
      const spooled = join(directory, 'body');
      await pipeline(Readable.from(source), createWriteStream(spooled));
      const { size } = await stat(spooled);
      await this.client.send(new PutObjectCommand({
        Bucket: this.bucket, Key: this.prefix + key, Body: createReadStream(spooled), ContentLength: size, ContentType: mimeType,
      }));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
  }

  close(): void {
    this.client.destroy();
  }
}
