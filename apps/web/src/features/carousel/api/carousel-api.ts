import { useQuery } from '@tanstack/react-query';
import {
  CAROUSEL_MESSAGES,
  listCarouselImagesRoute,
  saveCarouselRoute,
  uploadCarouselImageRoute,
  type TCarouselItemInput,
  type TCarouselUploadResult,
} from '@keystone/contracts';
import { ApiCallError, callApi, uploadFile } from '../../../lib/api-client';

export const CAROUSEL_QUERY_KEY = ['carousel-images'] as const;

/** The saved carousel (002 §7 GET carousel-images/), for any signed-in user. */
export function useCarouselImages() {
  return useQuery({
    queryKey: CAROUSEL_QUERY_KEY,
    queryFn: ({ signal }) => callApi(listCarouselImagesRoute, { signal, silent: true }),
  });
}

export const saveCarousel = (carouselItems: TCarouselItemInput[]) =>
  callApi(saveCarouselRoute, { body: { carouselItems }, silent: true });

/**
 * Uploads one image (002 §7 POST carousel-images/s3, multipart). Resolves its URL, or rejects with the message to show
 * on the item: the server's field message for a rule it names (type, size in pixels), else the §8 text.
 */
export async function uploadCarouselImage(file: File): Promise<TCarouselUploadResult> {
  try {
    return await uploadFile(uploadCarouselImageRoute, { file, silent: true });
  } catch (error) {
    const body = error instanceof ApiCallError ? (error.body as { errors?: Record<string, string[]> } | null) : null;
    const fieldMessage =
      error instanceof ApiCallError && error.status === 422
        ? body?.errors?.[uploadCarouselImageRoute.upload.field]?.[0]
        : undefined;
    throw new Error(fieldMessage ?? CAROUSEL_MESSAGES.uploadFailed, { cause: error });
  }
}

/** 002 §8: the messages of a failed save: status 500 shows the raw list, otherwise the field messages. */
export function saveFailureMessages(error: unknown): string[] {
  if (!(error instanceof ApiCallError)) return [String(error instanceof Error ? error.message : error)];
  const body = error.body as { message?: unknown; errors?: Record<string, unknown> } | null;
  if (error.status === 500 || !body || typeof body !== 'object')
    return [typeof error.body === 'string' ? error.body : JSON.stringify(error.body)];
  const fields = Object.entries(body.errors ?? {}).flatMap(([key, messages]) => {
    const item = /^carouselItems\.(\d+)\.(\w+)$/.exec(key);
    const where = item ? `Item ${Number(item[1]) + 1} ${item[2] === 'img' ? 'image' : item[2]}` : key;
    return (Array.isArray(messages) ? messages : [messages]).map((m) => `${where}: ${String(m)}`);
  });
  return fields.length ? fields : [typeof body.message === 'string' ? body.message : `HTTP ${error.status}`];
}
