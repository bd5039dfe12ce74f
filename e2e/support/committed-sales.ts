import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiAs } from './api';
import { receiveUnits, setupPo } from './receiving';

export type TSale = { ims_transaction_reference_id: string; legacy_pos_invoice_id: string };

/**
 * Units of a demo product (no serials) received into KY01, then committed sales made through the point of sale's
 * intake (POST /api/ims/committed-sales), one per invoice line: `lines` invoices of one unit each per entry.
 */
export async function committedSales(request: APIRequestContext, invoices: { lines: number }[]) {
  const units = invoices.reduce((n, i) => n + i.lines, 0);
  const { api, po, product, lineId } = await setupPo(request, { qty: units, tracked: false, pick: 13 });
  await receiveUnits(api, { poId: po.id, lineId, product }, { units: units });
  const pos = await apiAs(request, 'sales-1');
  const made: { invoice: string; sales: TSale[] }[] = [];
  for (const { lines } of invoices) {
    const invoice = `E2E-INV-${randomUUID().slice(0, 8).toUpperCase()}`;
    const sales: TSale[] = [];
    for (let l = 0; l < lines; l++) {
      sales.push(
        await pos.send<TSale>('POST', '/api/ims/committed-sales', {
          legacyPosInvoiceId: invoice,
          model: product.model_number,
          quantity: 1,
          sourceBucket: 'KY01',
          commitNotes: `E2E line ${l + 1}`,
        }),
      );
    }
    made.push({ invoice, sales });
  }
  return { product, made };
}

/**
 * A serial-tracked demo product with `units` units received into KY01, each with its serial, and `lines` committed
 * sales of one unit each on one invoice, made through the point of sale's intake without serials (the demo's common
 * case).
 */
export async function saleWithoutSerial(request: APIRequestContext, units = 2, lines = 1) {
  const { api, po, product, lineId } = await setupPo(request, { qty: units, tracked: true, pick: 16 });
  const stamp = randomUUID().slice(0, 8).toUpperCase();
  const serials = Array.from({ length: units }, (_, i) => `CS${stamp}N${i + 1}`);
  await receiveUnits(api, { poId: po.id, lineId, product }, { serials });
  const pos = await apiAs(request, 'sales-1');
  const sales: TSale[] = [];
  for (let l = 0; l < lines; l++) {
    sales.push(
      await pos.send<TSale>('POST', '/api/ims/committed-sales', {
        legacyPosInvoiceId: `E2E-SN-${stamp}`,
        model: product.model_number,
        quantity: 1,
        sourceBucket: 'KY01',
      }),
    );
  }
  return { product, serials, sale: sales[0]!, sales };
}
