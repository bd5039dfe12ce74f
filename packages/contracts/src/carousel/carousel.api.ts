import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '../http/define-route.js';

/**
 * The home-page carousel (002 §2 "Carousel", §3 Carousel item, §4, §5, §7 "Carousel", §8, §9).
 * The spec's messages are quoted; the others are ours (docs/decisions.md, "Carousel").
 */
export const CAROUSEL_MESSAGES = {
  /** 002 §5: a link that is not a URL with protocol https. */
  invalidUrl: 'Invalid URL',
  /** 002 §8: an upload that failed for any reason the server did not explain field by field (a too-large file among them). */
  uploadFailed: 'Exceeded server filesize transfer threshold. Images must be less than 1mb in size.',
  /** 002 §8: a save that failed; the messages follow. */
  saveFailed: 'Unexpected server error',
  /** Ours (002 §5: at least 1 item). */
  atLeastOne: 'The carousel needs at least one item.',
  /** Ours, the rules of 002 §5 and §9 said to the user. */
  imageType: 'Images must be gif, jpg or png.',
  /** A file whose signature claims an image but whose data is damaged or cut off (its header's size is not believed). */
  imageInvalid: (type: 'gif' | 'jpg' | 'png') =>
    `This file is not a valid image: its ${type === 'jpg' ? 'JPEG' : type.toUpperCase()} data is damaged or incomplete.`,
  imageDimensions: (width: number, height: number) =>
    `Images must be exactly 1200x300 px; this one is ${width}x${height} px.`,
  imageTooLarge: 'Images must be less than 1mb in size.',
  imageMissing: 'Choose an image file (gif, jpg or png) to upload in the field "image".',
  imageRequired: 'Upload an image for this item.',
  imageNotStored: 'The image must be one uploaded through the carousel (POST carousel-images/s3).',
  storeUnavailable:
    'The image could not be stored: the image store is unavailable. Nothing was saved; try again later.',
  notMultipart: 'Send the image as multipart/form-data with one file in the field "image".',
  /** Shown before an upload (002 §5, §9). */
  sizeRule: 'Images must be gif, jpg or png, exactly 1200 x 300 px and under 1 MB (1000 KB).',
} as const;

/** 002 §9: at least 1 item; images exactly 1200x300 px and under 1mb (1000 kb). The item maximum is ours. */
export const CAROUSEL_LIMITS = {
  minItems: 1,
  maxItems: 20,
  width: 1200,
  height: 300,
  /** An image must be smaller than this many bytes (1000 KB, decimal): at most 999,999 bytes. */
  maxBytesExclusive: 1_000_000,
  maxUrlLength: 2048,
} as const;

/** 002 §5: the image types an upload may be, as read from its bytes (never its name or declared type). */
export const CAROUSEL_IMAGE_TYPES = ['gif', 'jpg', 'png'] as const;
export type TCarouselImageType = (typeof CAROUSEL_IMAGE_TYPES)[number];

/** The multipart field of an upload. */
export const CAROUSEL_UPLOAD_FIELD = 'image';

/** 002 §5: a link must be a URL with protocol https. Null when valid, else 'Invalid URL'. */
export function carouselLinkError(link: string): string | null {
  if (link.length > CAROUSEL_LIMITS.maxUrlLength || /\s/.test(link)) return CAROUSEL_MESSAGES.invalidUrl;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' ? null : CAROUSEL_MESSAGES.invalidUrl;
  } catch {
    return CAROUSEL_MESSAGES.invalidUrl;
  }
}

/** 002 §7: one saved item, a link and an image (its URL), in the carousel's order. */
export const ZCarouselImageSchema = z.object({ link: z.string(), image: z.string() }).meta({ id: 'CarouselImage' });
export type TCarouselImage = z.infer<typeof ZCarouselImageSchema>;

export const ZCarouselImagesSchema = z.array(ZCarouselImageSchema).meta({ id: 'CarouselImages' });

export const listCarouselImagesRoute = defineRoute({
  method: 'GET',
  path: '/api/carousel-images/',
  access: 'authenticated',
  summary: "The carousel, in order: each item's link and image URL (any signed-in user: the welcome page shows it)",
  tag: 'carousel',
  response: ZCarouselImagesSchema,
});

export const ZCarouselUploadResultSchema = z
  .object({ remoteImageUrl: z.string() })
  .meta({ id: 'CarouselUploadResult' });
export type TCarouselUploadResult = z.infer<typeof ZCarouselUploadResultSchema>;

/**
 * POST carousel-images/s3 (002 §7): multipart/form-data with one file in the field `image`. Not a JSON body, so the
 * contract declares none; the handler reads the stream (modules/carousel/carousel.routes.ts).
 */
export const uploadCarouselImageRoute = defineRoute({
  method: 'POST',
  path: '/api/carousel-images/s3',
  access: 'purchasing:reports',
  summary:
    'Upload one carousel image (multipart/form-data, file field "image"): gif, jpg or png read from its bytes (a PNG or JPEG decoded whole), exactly 1200x300 px, under 1,000,000 bytes; answers its remoteImageUrl. 422 naming image for a wrong type, a damaged or cut-off file or a wrong size in pixels, 413 for a file too large, 415 when not multipart, 503 when the image store is unavailable',
  tag: 'carousel',
  response: ZCarouselUploadResultSchema,
  upload: {
    field: CAROUSEL_UPLOAD_FIELD,
    maxBytes: CAROUSEL_LIMITS.maxBytesExclusive - 1,
    // Read from the bytes by the service (002 §5: never the name or the declared type), so no name endings here.
    types: [FILE_TYPES.gif, FILE_TYPES.jpeg, FILE_TYPES.png],
    read: 'bytes',
    messages: {
      notMultipart: CAROUSEL_MESSAGES.notMultipart,
      missing: CAROUSEL_MESSAGES.imageMissing,
      tooLarge: CAROUSEL_MESSAGES.imageTooLarge,
    },
    missingStatus: 422,
  },
});

/** 002 §3 Carousel item as the client sends it: its own id (any short text or number), link and img (an uploaded image's URL). */
export const ZCarouselItemInputSchema = z.object({
  id: z.union([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.string().max(100)]).optional(),
  link: z.string().max(CAROUSEL_LIMITS.maxUrlLength * 2),
  img: z.string().max(CAROUSEL_LIMITS.maxUrlLength * 2),
});
export type TCarouselItemInput = z.input<typeof ZCarouselItemInputSchema>;

export const ZSaveCarouselSchema = z
  .object({
    carouselItems: z
      .array(ZCarouselItemInputSchema)
      .max(CAROUSEL_LIMITS.maxItems, `At most ${CAROUSEL_LIMITS.maxItems} items`),
  })
  .meta({ id: 'SaveCarousel' });
export type TSaveCarousel = z.input<typeof ZSaveCarouselSchema>;

export const saveCarouselRoute = defineRoute({
  method: 'POST',
  path: '/api/carousel-images/',
  access: 'purchasing:reports',
  summary:
    "Replace the carousel with carouselItems, in order, in one transaction; answers the saved list. 422 with field errors: carouselItems (none), carouselItems.N.link ('Invalid URL': not https), carouselItems.N.img (not an uploaded image)",
  tag: 'carousel',
  body: ZSaveCarouselSchema,
  response: ZCarouselImagesSchema,
});
