import type { FastifyInstance } from 'fastify';
import { listCarouselImagesRoute, saveCarouselRoute, uploadCarouselImageRoute } from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';
import { LOCAL_IMAGE_URL_PREFIX, LocalImageStore, type ImageStore } from './image-store.js';

export function registerCarouselRoutes({ route, services }: ModuleContext): void {
  const { carousel } = services;
  route(listCarouselImagesRoute, async () => carousel.list());
  route(uploadCarouselImageRoute, async ({ file }) => carousel.upload(file.bytes));
  route(saveCarouselRoute, async ({ body, auth }) => carousel.save(body, auth.user.id));
}

/**
 * Serves the local image store's files at /uploads/carousel/{name} (no token: an <img> cannot send one, as a public
 * bucket's URL needs none). Names are random UUIDs, so a file never changes: cached for a year. Nothing with S3.
 */
export function registerCarouselImageFiles(app: FastifyInstance, store: ImageStore): void {
  if (!(store instanceof LocalImageStore)) return;
  app.get<{ Params: { name: string } }>(
    `${LOCAL_IMAGE_URL_PREFIX}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await store.open(request.params.name);
      if (!file) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'No such image' });
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    },
  );
}
