import { expect, type Page } from '@playwright/test';

/**
 * The page needs no sideways scroll: the document is no wider than the viewport. Polled, because a resize reaches
 * the layout in two steps: CSS media queries at once, React's `useMediaQuery` (the app bar's phone layout) a render
 * later; the check fails only when the page stays wider.
 */
export const expectNoSideScroll = async (page: Page): Promise<void> =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
      message: 'the page is wider than the viewport',
      timeout: 5_000,
    })
    .toBeLessThanOrEqual(0);
