import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiAs } from './api';

export interface Product {
  id: number;
  model_number: string;
  upc: string | null;
  alternate_upc: string | null;
}

/**
 * A PO at KY01 with one line of `qty` for a product of the demo catalogue that has a UPC, after setting its
 * scan setup. `pick` chooses among the candidates so the tests of this file use different products.
 */
export async function setupPo(request: APIRequestContext, opts: { qty: number; tracked: boolean; pick: number }) {
  const api = await apiAs(request, 'purchasing-admin');
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `E2E Receiving ${Date.now()}`,
    vendor_type: 'sales',
    rep: 'Pat Rep',
    rep_email: 'pat@vendor.example',
  });
  const po = await api.send<{ id: number; purchase_ref_id: string }>('POST', '/api/purchase', {
    vendorId: vendor.id,
    location_code: 'KY01',
  });
  const found = (
    await api.send<{ data: { id: number }[] }>('POST', '/api/product/search', {
      searchKey: 'model_number',
      searchValue: 'S',
    })
  ).data;
  const candidates: Product[] = [];
  for (const { id } of found.slice(0, 20)) {
    const p = await api.get<Product>(`/api/product/${id}`);
    if (p.upc && /^[A-Za-z0-9-]+$/.test(p.model_number)) candidates.push(p);
  }
  const product = candidates[3 + opts.pick];
  expect(product, 'the demo catalogue has products with a UPC').toBeTruthy();
  await api.send('PUT', '/api/ims/scan-setup/updateProductManagerProduct', {
    model: product!.model_number,
    serialNumberTracked: opts.tracked,
    numOfSerialsPerItem: opts.tracked ? 1 : null,
    masterBoxQty: null,
    upc: product!.upc,
  });
  const full = await api.send<{ data: { PO_LINES: { id: number }[] } }>('POST', '/api/purchase/orderItem', {
    productId: product!.id,
    cost: 25,
    qty: opts.qty,
    purchaseOrderId: po.id,
  });
  return { api, po, product: product!, lineId: full.data.PO_LINES[0]!.id };
}

/** Records, in the page, when Enter goes down and when the feedback box first shows `text`. */
export async function probeFeedback(page: Page, testId: string, text: string) {
  await page.evaluate(
    ({ testId, text }) => {
      const w = window as unknown as { __probe: { enter: number; feedback: number } };
      w.__probe = { enter: 0, feedback: 0 };
      document.addEventListener(
        'keydown',
        (e) => e.key === 'Enter' && !w.__probe.enter && (w.__probe.enter = performance.now()),
        { capture: true },
      );
      const box = document.querySelector(`[data-testid="${testId}"]`)!;
      new MutationObserver(() => {
        if (!w.__probe.feedback && box.textContent?.includes(text)) w.__probe.feedback = performance.now();
      }).observe(box, { childList: true, subtree: true, characterData: true });
    },
    { testId, text },
  );
  return async () =>
    page.evaluate(() => (window as unknown as { __probe: { enter: number; feedback: number } }).__probe);
}

/**
 * Receives units on a PO line through the scanner's receipt route, one request a unit: `units` units without serials,
 * or one unit per serial given. Answers each receipt's reference.
 */
export async function receiveUnits(
  api: Awaited<ReturnType<typeof apiAs>>,
  line: { poId: number; lineId: number; product: { upc: string | null; model_number: string } },
  opts: { units?: number; serials?: string[]; bucket?: string },
): Promise<string[]> {
  const scans = opts.serials?.map((s) => [s]) ?? Array.from({ length: opts.units ?? 1 }, () => null);
  const references: string[] = [];
  for (const serials of scans) {
    const received = await api.send<{ transactionReferenceId: string }>(
      'POST',
      '/api/scanner/receipt/quickScanReceive',
      {
        scannedUpc: line.product.upc,
        model: line.product.model_number,
        poApiPoId: line.poId,
        poApiPoItemId: line.lineId,
        receivingBucket: opts.bucket ?? 'KY01',
        ...(serials ? { scannedSerialNumbers: serials } : {}),
      },
    );
    references.push(received.transactionReferenceId);
  }
  return references;
}
