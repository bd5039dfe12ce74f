import {
  CAROUSEL_LIMITS,
  CAROUSEL_MESSAGES,
  carouselLinkError,
  type TCarouselImage,
  type TCarouselUploadResult,
  ZSaveCarouselSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { HttpError, unprocessable } from '../../http/errors.js';
import type { ServiceLog } from '../service-log.js';
import { checkCarouselImage } from './carousel-image.js';
import { CarouselRepository, type CarouselItemRow } from './carousel.repository.js';
import { ImageStoreUnavailableError, type ImageStore } from './image-store.js';

type TSave = z.output<typeof ZSaveCarouselSchema>;

const toDto = (row: CarouselItemRow): TCarouselImage => ({ link: row.link, image: row.imageUrl });

/**
 * The home-page carousel (002 §5, §7, §8, §9): uploads checked from their bytes and put in the
 * ImageStore; a save replaces the whole list in one transaction, refused with field errors (422) and nothing
 * changed when any item breaks a rule.
 */
export class CarouselService {
  constructor(
    private readonly db: Database,
    readonly store: ImageStore,
    private readonly log?: ServiceLog,
  ) {}

  private repo(executor: Executor = this.db) {
    return new CarouselRepository(executor);
  }

  async list(): Promise<TCarouselImage[]> {
    return (await this.repo().list()).map(toDto);
  }

  /** Checks an uploaded image and stores it: 413/422 naming `image` when it breaks a rule, 503 when the store fails. */
  async upload(bytes: Buffer): Promise<TCarouselUploadResult> {
    const check = await checkCarouselImage(bytes);
    if (!check.ok) throw new HttpError(check.status, check.message, { image: [check.message] });
    try {
      const remoteImageUrl = await this.store.put({ bytes, extension: check.type, contentType: check.contentType });
      return { remoteImageUrl };
    } catch (error) {
      if (error instanceof ImageStoreUnavailableError) {
        this.log?.warn({ err: error }, 'carousel: the image store refused an upload');
        throw new HttpError(503, CAROUSEL_MESSAGES.storeUnavailable, { image: [CAROUSEL_MESSAGES.storeUnavailable] });
      }
      throw error;
    }
  }

  /** Replaces the carousel with the items, in their order (002 §7 POST carousel-images/). */
  async save(input: TSave, userId: number | null): Promise<TCarouselImage[]> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      await repo.lockForReplace();
      const shown = new Set((await repo.list()).map((row) => row.imageUrl));
      const errors: Record<string, string[]> = {};
      if (input.carouselItems.length < CAROUSEL_LIMITS.minItems) errors.carouselItems = [CAROUSEL_MESSAGES.atLeastOne];
      const items = input.carouselItems.map((item, index) => {
        const link = item.link.trim();
        const img = item.img.trim();
        const linkError = carouselLinkError(link);
        if (linkError) errors[`carouselItems.${index}.link`] = [linkError];
        if (!img) errors[`carouselItems.${index}.img`] = [CAROUSEL_MESSAGES.imageRequired];
        // An image uploaded through this store, or one the carousel already shows (kept when the store changed).
        else if (!this.store.owns(img) && !shown.has(img))
          errors[`carouselItems.${index}.img`] = [CAROUSEL_MESSAGES.imageNotStored];
        return { link, imageUrl: img };
      });
      if (Object.keys(errors).length) throw unprocessable('The given data was invalid.', errors);
      await repo.replace(items, userId);
      return (await repo.list()).map(toDto);
    });
  }
}
