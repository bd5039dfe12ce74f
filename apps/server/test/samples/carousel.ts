import { renderBannerPng } from '../../src/modules/demo-data/demo-carousel.js';
import type { DomainSampleBuilder } from './types.js';

/** A multipart body with one valid 1200x300 PNG in the field `image` (light-my-request sends FormData as multipart). */
export function carouselUploadForm(bytes: Uint8Array, filename = 'banner.png', type = 'image/png', field = 'image'): FormData {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  return form;
}

/** The carousel (issue 13): an upload of a valid banner, and a save of one item pointing at an uploaded image. */
export const buildCarouselSamples: DomainSampleBuilder = async (t) => {
  const banner = renderBannerPng({ from: [10, 60, 120], to: [200, 220, 240] });
  const { remoteImageUrl } = await t.services.carousel.upload(banner);
  return {
    'GET /api/carousel-images/': {},
    'POST /api/carousel-images/s3': { body: carouselUploadForm(banner) },
    'POST /api/carousel-images/': { body: { carouselItems: [{ id: 1, link: 'https://keystone.example/sale', img: remoteImageUrl }] } },
  };
};
