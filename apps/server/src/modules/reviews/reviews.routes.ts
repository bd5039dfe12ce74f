import {
  listReviewsRoute,
  productReviewsRoute,
  pushReviewRoute,
  setReviewUserRoute,
  setReviewVisibleRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

export function registerReviewsRoutes({ route, services }: ModuleContext): void {
  const { reviews } = services;
  route(listReviewsRoute, async ({ query }) => reviews.list(query));
  route(productReviewsRoute, async ({ params }) => ({ data: await reviews.byProduct(params.product) }));
  route(setReviewVisibleRoute, async ({ params, body }) => reviews.setVisible(params.product, params.id, body.visible));
  route(setReviewUserRoute, async ({ params, body }) => reviews.setUser(params.id, body));
  route(pushReviewRoute, async ({ body, request }) => reviews.intake(body, request.ip));
}
