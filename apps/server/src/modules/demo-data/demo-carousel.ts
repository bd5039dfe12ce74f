import { PNG } from 'pngjs';
import { CAROUSEL_LIMITS } from '@keystone/contracts';
import type { Services } from '../services.js';

type Rgb = readonly [number, number, number];

/**
 * A banner image as PNG bytes (pngjs): a left-to-right gradient between two colours with diagonal stripes and a
 * lighter band across the middle. Smooth, so it compresses to a few kilobytes.
 */
export function renderBannerPng(options: {
  from: Rgb;
  to: Rgb;
  width?: number;
  height?: number;
  stripe?: number;
}): Buffer {
  const width = options.width ?? CAROUSEL_LIMITS.width;
  const height = options.height ?? CAROUSEL_LIMITS.height;
  const stripe = options.stripe ?? 60;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const band = Math.abs(y - height / 2) < height / 8;
    for (let x = 0; x < width; x++) {
      const t = width > 1 ? x / (width - 1) : 0;
      const onStripe = Math.floor((x + y) / stripe) % 2 === 0;
      const shade = (band ? 1.25 : 1) * (onStripe ? 1 : 0.9);
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c++)
        png.data[i + c] = Math.min(255, Math.round((options.from[c]! * (1 - t) + options.to[c]! * t) * shade));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Three banners and their links. */
const DEMO_BANNERS: { link: string; from: Rgb; to: Rgb }[] = [
  { link: 'https://keystone.example/sale/holiday', from: [16, 77, 123], to: [32, 178, 187] },
  { link: 'https://keystone.example/brands/new-arrivals', from: [76, 185, 68], to: [15, 77, 123] },
  { link: 'https://keystone.example/clearance', from: [255, 120, 0], to: [190, 40, 40] },
];

/**
 * The demo carousel: three generated 1200x300 banners uploaded through the carousel service (so checked and put in
 * the configured ImageStore as an upload is), then saved as the carousel.
 */
export async function loadDemoCarousel(services: Services, userId: number | null): Promise<number> {
  const items = [];
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    const { remoteImageUrl } = await services.carousel.upload(
      renderBannerPng({ from: banner.from, to: banner.to, stripe: 40 + index * 20 }),
    );
    items.push({ id: index + 1, link: banner.link, img: remoteImageUrl });
  }
  return (await services.carousel.save({ carouselItems: items }, userId)).length;
}
