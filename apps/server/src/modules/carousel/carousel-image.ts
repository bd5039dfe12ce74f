import { imageSize } from 'image-size';
import { CAROUSEL_IMAGE_TYPES, CAROUSEL_LIMITS, CAROUSEL_MESSAGES, type TCarouselImageType } from '@keystone/contracts';

const CONTENT_TYPES: Record<TCarouselImageType, string> = { gif: 'image/gif', jpg: 'image/jpeg', png: 'image/png' };

export type CarouselImageCheck =
  | { ok: true; type: TCarouselImageType; contentType: string; width: number; height: number }
  | { ok: false; status: 413 | 422; message: string };

/**
 * The carousel's image rules (002 §5, §9), read from the bytes themselves (image-size reads the format's header),
 * never from the file name or the content type the client declares: gif, jpg or png; exactly 1200x300 px; under
 * 1,000,000 bytes.
 */
export function checkCarouselImage(bytes: Uint8Array): CarouselImageCheck {
  if (bytes.length >= CAROUSEL_LIMITS.maxBytesExclusive) return { ok: false, status: 413, message: CAROUSEL_MESSAGES.imageTooLarge };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageType };
  }
  const type = CAROUSEL_IMAGE_TYPES.find((t) => t === size.type);
  if (!type) return { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageType };
  if (size.width !== CAROUSEL_LIMITS.width || size.height !== CAROUSEL_LIMITS.height) {
    return { ok: false, status: 422, message: CAROUSEL_MESSAGES.imageDimensions(size.width, size.height) };
  }
  return { ok: true, type, contentType: CONTENT_TYPES[type], width: size.width, height: size.height };
}
