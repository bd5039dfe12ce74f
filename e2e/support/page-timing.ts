import type { Page } from '@playwright/test';

/**
 * Timings measured by the page itself. The runner's own clock, read after an `expect` sees something appear,
 * can be hundreds of milliseconds late on a loaded machine, which makes a wait look shorter than it was.
 */
type Span = { start: number; end: number; text?: string };
type Spans = Record<string, Span>;

/**
 * Records when the element matching `selector` first shows (is present, and with `nonEmpty` has text) and when it
 * next stops showing. The returned reader gives both moments in the page's `performance.now()` milliseconds
 * (0 = not yet), and the element's text when it first showed (for a note too short-lived to read afterwards).
 */
export async function watchShowing(page: Page, name: string, selector: string, opts: { nonEmpty?: boolean } = {}) {
  await page.evaluate(
    ({ name, selector, nonEmpty }) => {
      const w = window as unknown as { __spans?: Record<string, { start: number; end: number }> };
      const spans = (w.__spans ??= {});
      const span: { start: number; end: number; text?: string } = (spans[name] = { start: 0, end: 0 });
      const showing = () => {
        const el = document.querySelector(selector);
        return !!el && (!nonEmpty || (el.textContent ?? '').trim() !== '');
      };
      const check = () => {
        const now = showing();
        if (now && !span.start) {
          span.start = performance.now();
          span.text = document.querySelector(selector)?.textContent ?? '';
        } else if (!now && span.start && !span.end) span.end = performance.now();
      };
      check();
      new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { name, selector, nonEmpty: !!opts.nonEmpty },
  );
  return () => readSpan(page, name);
}

/** Records when the element matching `selector` next loses the focus and when it next gets it back. */
export async function watchRefocus(page: Page, name: string, selector: string) {
  await page.evaluate(
    ({ name, selector }) => {
      const w = window as unknown as { __spans?: Record<string, { start: number; end: number }> };
      const spans = (w.__spans ??= {});
      const span = (spans[name] = { start: 0, end: 0 });
      const matches = (t: EventTarget | null) => t instanceof Element && t.matches(selector);
      document.addEventListener(
        'focusout',
        (e) => matches(e.target) && !span.start && (span.start = performance.now()),
        { capture: true },
      );
      document.addEventListener(
        'focusin',
        (e) => matches(e.target) && span.start && !span.end && (span.end = performance.now()),
        { capture: true },
      );
    },
    { name, selector },
  );
  return () => readSpan(page, name);
}

async function readSpan(page: Page, name: string): Promise<Span> {
  return page.evaluate((n) => (window as unknown as { __spans: Spans }).__spans[n]!, name);
}
