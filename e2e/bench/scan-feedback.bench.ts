import { expect, test, type Page } from '@playwright/test';
import { setupPo } from '../support/receiving';
import { login, wedgeScan, wedgeScans } from '../support/session';

/**
 * Scan-to-feedback latency of the Receiving dialog's local checks (001 §9: feedback within 100 ms of the
 * scan's last keystroke). Keyboard-wedge scans (characters 10 ms apart, then Enter) cycle through messages that
 * differ from the one before (a good UPC clears the red), so each scan changes the feedback box; the page records, per scan, the time
 * from the Enter's keydown to the DOM change. Prints p50, p95 and max; fails when p95 reaches 100 ms.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

async function installProbe(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __scanBench: { pending: number; samples: number[] } };
    w.__scanBench = { pending: 0, samples: [] };
    document.addEventListener('keydown', (e) => e.key === 'Enter' && (w.__scanBench.pending = performance.now()), {
      capture: true,
    });
    const box = document.querySelector('[data-testid="scan-feedback"]')!;
    new MutationObserver(() => {
      if (!w.__scanBench.pending) return;
      w.__scanBench.samples.push(performance.now() - w.__scanBench.pending);
      w.__scanBench.pending = 0;
    }).observe(box, { childList: true, subtree: true, characterData: true });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

test('receiving local checks: scan to on-screen feedback', async ({ page, request }) => {
  const { po, product } = await setupPo(request, { qty: 5, tracked: true, pick: 4 });
  const upc = product.upc!;
  const wrongUpc = upc === '123456789012' ? '123456789029' : '123456789012';
  await login(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  const upcField = dialog.getByTestId('receiving-upc');
  const serialField = dialog.getByTestId('receiving-serial');
  const feedback = dialog.getByTestId('scan-feedback');
  await expect(upcField).toBeFocused();
  await installProbe(page);

  for (let round = 0; round < ROUNDS; round++) {
    await expect(upcField).toBeFocused();
    await wedgeScan(page, wrongUpc);
    await expect(feedback).toHaveText("UPC doesn't match");
    await wedgeScan(page, upc);
    await expect(serialField).toBeFocused();
    await wedgeScan(page, upc);
    await expect(feedback).toHaveText("Serial can't be UPC");
    await wedgeScan(page, product.model_number);
    await expect(feedback).toHaveText("Serial can't be part number");
    await dialog.getByRole('button', { name: 'Reset Scan' }).click();
  }

  const samples = await page.evaluate(
    () => (window as unknown as { __scanBench: { samples: number[] } }).__scanBench.samples,
  );
  const sorted = [...samples].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const max = sorted.at(-1)!;
  console.log(
    `scan → feedback (Receiving local checks): n=${sorted.length}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${max.toFixed(1)} ms`,
  );
  // Per round: the wrong UPC (red), the good UPC (the red cleared at once), and the two refused serials.
  expect(sorted.length).toBe(ROUNDS * 4);
  expect(p95, 'p95 scan-to-feedback under 100 ms').toBeLessThan(100);
});

/**
 * Accepted units: the serial's Enter to the green 'Scanned … sending' (local, the unit is in the outbox) and to
 * 'Received … IR-' (the server's answer through the outbox). Scans follow each other without waiting for the
 * answer, as a receiver works.
 */
test('receiving accepted units: scan to on-screen feedback and to the server confirmation', async ({
  page,
  request,
}) => {
  const units = Number(process.env.BENCH_UNITS ?? 40);
  const { po, product } = await setupPo(request, { qty: units, tracked: true, pick: 5 });
  const stamp = Date.now().toString(36).toUpperCase();
  await login(page, 'purchasing-admin');
  await page.goto(`/purchase-orders/review/${po.id}`);
  await page.getByTestId('po-line-card').getByRole('button', { name: 'Receive', exact: true }).click();
  const dialog = page.getByTestId('receiving-dialog');
  await expect(dialog.getByTestId('receiving-upc')).toBeFocused();
  await page.evaluate(() => {
    const w = window as unknown as {
      __unitBench: { enter: Map<string, number>; local: number[]; confirmed: number[] };
    };
    w.__unitBench = { enter: new Map(), local: [], confirmed: [] };
    let typed = '';
    // On the window: a scan dialog's own window listener may stop a key before it reaches the document.
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') {
          if (typed.startsWith('UB')) w.__unitBench.enter.set(typed, performance.now());
          typed = '';
        } else if (e.key.length === 1) typed += e.key;
      },
      { capture: true },
    );
    const box = document.querySelector('[data-testid="receiving-dialog"] [data-testid="scan-feedback"]')!;
    new MutationObserver(() => {
      const text = box.textContent ?? '';
      const serial = /\((UB[^)]+)\)/.exec(text)?.[1];
      const at = serial ? w.__unitBench.enter.get(serial) : undefined;
      if (!serial || at === undefined) return;
      if (text.startsWith('Scanned')) w.__unitBench.local.push(performance.now() - at);
      if (text.startsWith('Received')) w.__unitBench.confirmed.push(performance.now() - at);
    }).observe(box, { childList: true, subtree: true, characterData: true });
  });
  for (let i = 0; i < units; i++) await wedgeScans(page, [product.upc!, `UB${stamp}${String(i).padStart(3, '0')}`]);
  await expect(dialog.locator('[data-testid="scanned-item"][data-state="received"]')).toHaveCount(units, {
    timeout: 60_000,
  });
  const { local, confirmed } = await page.evaluate(() => {
    const b = (window as unknown as { __unitBench: { local: number[]; confirmed: number[] } }).__unitBench;
    return { local: b.local, confirmed: b.confirmed };
  });
  for (const [name, samples] of [
    ['scan → Scanned (local)', local],
    ['scan → Received (server answer)', confirmed],
  ] as const) {
    const sorted = [...samples].sort((a, b) => a - b);
    console.log(
      `${name}: n=${sorted.length}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
  }
  expect(local.length).toBe(units);
  expect(
    percentile(
      [...local].sort((a, b) => a - b),
      95,
    ),
    'p95 scan-to-feedback under 100 ms',
  ).toBeLessThan(100);
});
