import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CAROUSEL_LIMITS, CAROUSEL_MESSAGES, CAROUSEL_UPLOAD_FIELD, listCarouselImagesRoute, saveCarouselRoute, uploadCarouselImageRoute } from '@keystone/contracts';
import { HttpError } from '../../http/errors.js';
import { requestFile } from '../../http/input-text.js';
import type { ModuleContext } from '../module-context.js';
import { LOCAL_IMAGE_URL_PREFIX, LocalImageStore, type ImageStore } from './image-store.js';

/** The multipart limits of an upload: one file under 1,000,000 bytes (002 §9) and a few small fields at most. */
export const UPLOAD_LIMITS = {
  fileSize: CAROUSEL_LIMITS.maxBytesExclusive - 1,
  files: 1,
  fields: 10,
  fieldSize: 1_000,
  fieldNameSize: 100,
  parts: 12,
  headerPairs: 50,
} as const;

const tooLarge = () => new HttpError(413, CAROUSEL_MESSAGES.imageTooLarge, { image: [CAROUSEL_MESSAGES.imageTooLarge] });

/**
 * The uploaded file's bytes, read whole (at most 999,999 of them). Every failure is the client's and answers a 4xx
 * naming `image`: not multipart (415), no file in `image` (422), a file too large (413), a malformed body (400).
 */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, CAROUSEL_MESSAGES.notMultipart, { image: [CAROUSEL_MESSAGES.notMultipart] });
  try {
    const file = await requestFile(request, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
    if (!file || file.fieldname !== CAROUSEL_UPLOAD_FIELD) {
      file?.file.resume();
      throw new HttpError(422, CAROUSEL_MESSAGES.imageMissing, { image: [CAROUSEL_MESSAGES.imageMissing] });
    }
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 400;
    const message = `The upload could not be read: ${e.message ?? 'malformed multipart body'}`;
    throw new HttpError(status, message, { image: [message] });
  }
}

export function registerCarouselRoutes({ route, services }: ModuleContext): void {
  const { carousel } = services;
  route(listCarouselImagesRoute, async () => carousel.list());
  route(uploadCarouselImageRoute, async ({ request }) => carousel.upload(await readUpload(request)));
  route(saveCarouselRoute, async ({ body, auth }) => carousel.save(body, auth.user.id));
}

/**
 * Serves the local image store's files at /uploads/carousel/{name} (no token: an <img> cannot send one, as a public
 * bucket's URL needs none). Names are random UUIDs, so a file never changes: cached for a year. Nothing with S3.
 */
export function registerCarouselImageFiles(app: FastifyInstance, store: ImageStore): void {
  if (!(store instanceof LocalImageStore)) return;
  app.get<{ Params: { name: string } }>(`${LOCAL_IMAGE_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const file = await store.open(request.params.name);
    if (!file) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such image' });
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
}
