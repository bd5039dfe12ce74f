import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AppConfig, S3Config } from '../../config.js';

/**
 * Where uploaded images live (the carousel): one small interface, two implementations chosen by
 * configuration. The embedded default writes files under CAROUSEL_IMAGE_DIR ($DATA_DIR/uploads/carousel), served
 * back by this server at /uploads/carousel/{name}; with S3_BUCKET set, objects go to an S3-compatible bucket through
 * the AWS SDK v3 and browsers fetch them from its public URL.
 */

export interface ImageToStore {
  bytes: Buffer;
  /** The file extension of the type read from the bytes: gif, jpg or png. */
  extension: string;
  contentType: string;
}

export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Stores the image under a new unique name and answers the URL a browser shows it from. */
  put(image: ImageToStore): Promise<string>;
  /** Whether a URL is one this store answered (a saved carousel may only point at uploaded images). */
  owns(url: string): boolean;
}

/** The store could not be reached or refused the write (bucket missing, server down, no permission): nothing was stored. */
export class ImageStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageStoreUnavailableError';
  }
}

const newName = (extension: string) => `${randomUUID()}.${extension}`;

/** The URL path at which the server serves the local store's files. */
export const LOCAL_IMAGE_URL_PREFIX = '/uploads/carousel/';
/** The names the local store writes (and the only ones its file route reads). */
export const LOCAL_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(gif|jpg|png)$/;
const CONTENT_TYPES: Record<string, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png' };

/** The embedded default: files in one folder, written to a temporary name then renamed (never half a file). */
export class LocalImageStore implements ImageStore {
  readonly kind = 'local' as const;
  constructor(readonly dir: string) {}

  async put(image: ImageToStore): Promise<string> {
    const name = newName(image.extension);
    const target = path.join(this.dir, name);
    const temp = `${target}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(temp, image.bytes, { flag: 'wx' });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw new ImageStoreUnavailableError(`cannot write ${target}: ${(error as Error).message}`, { cause: error });
    }
    return `${LOCAL_IMAGE_URL_PREFIX}${name}`;
  }

  owns(url: string): boolean {
    return url.startsWith(LOCAL_IMAGE_URL_PREFIX) && LOCAL_IMAGE_NAME.test(url.slice(LOCAL_IMAGE_URL_PREFIX.length));
  }

  /** A stored file to serve, or null when the name is not one this store writes or the file is missing. */
  async open(name: string): Promise<{ stream: ReadStream; contentType: string; size: number } | null> {
    const match = LOCAL_IMAGE_NAME.exec(name);
    if (!match) return null;
    const file = path.join(this.dir, name);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: createReadStream(file), contentType: CONTENT_TYPES[match[1]!]!, size: info.size };
    } catch {
      return null;
    }
  }
}

/** The URL browsers read a bucket's objects from, when S3_PUBLIC_URL does not say. */
export function defaultS3PublicUrl(config: S3Config): string {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
    return config.forcePathStyle
      ? `${base}/${config.bucket}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

/** S3-compatible storage through the AWS SDK v3: one PutObject per image, public-read through S3_PUBLIC_URL. */
export class S3ImageStore implements ImageStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly publicUrl: string;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // A store that is down must answer the upload in seconds, not hang it.
      maxAttempts: 2,
      // Checksums only where S3 requires them: S3-compatible servers (MinIO, R2, s3rver) do not all take the SDK's
      // default CRC32 headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    });
    this.publicUrl = config.publicUrl ?? defaultS3PublicUrl(config);
  }

  async put(image: ImageToStore): Promise<string> {
    const key = `${this.config.keyPrefix}${newName(image.extension)}`;
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: key,
          Body: image.bytes,
          ContentType: image.contentType,
          ContentLength: image.bytes.length,
          // Every key is new: the object never changes under its name.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    } catch (error) {
      const e = error as { name?: string; message?: string; Code?: string };
      throw new ImageStoreUnavailableError(
        `S3 bucket ${this.config.bucket}: ${e.Code ?? e.name ?? 'Error'}: ${e.message ?? String(error)}`,
        { cause: error },
      );
    }
    return `${this.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  owns(url: string): boolean {
    return url.startsWith(`${this.publicUrl}/${this.config.keyPrefix}`);
  }

  /** Closes the SDK's sockets. */
  destroy(): void {
    this.client.destroy();
  }
}

/** S3 when S3_BUCKET is configured, else the local folder. */
export function createImageStore(config: Pick<AppConfig, 's3' | 'carouselImageDir'>): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(config.carouselImageDir);
}
