import type { DomainSampleBuilder } from './types.js';

/** A multipart body with one text file in the field `file` (light-my-request sends FormData as multipart). */
export function holdingsUploadForm(text: string | Uint8Array<ArrayBuffer>, filename = 'holdings-orders.csv', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([text], { type: 'text/csv' }), filename);
  return form;
}

export const SAMPLE_HOLDINGS_CSV = 'order-id,sku,quantity,unit-price,order-date\nEP-SAMPLE-1,SKU-1,2,19.99,2020-05-01\n';

/** Settlement and holdings uploads (issue 14 item 5): a one-line settlement table, a holdings file and its sync. */
export const buildUploadsSamples: DomainSampleBuilder = async (t) => {
  await t.services.uploads.uploadHoldings('sample-holdings.csv', Buffer.from(SAMPLE_HOLDINGS_CSV), null);
  return {
    'POST /api/om/payments/settlement-report': {
      body: { table: JSON.stringify([{ 'settlement-id': 'S-SAMPLE', 'transaction-type': 'Order', 'order-id': 'O-1', amount: '12.34', 'posted-date': '2020-05-01' }]), filename: 'settlement.txt' },
    },
    'POST /api/ep-holdings/orders/upload': { body: holdingsUploadForm(SAMPLE_HOLDINGS_CSV) },
    'PUT /api/ep-holdings/orders/sync': { query: { filename: 'sample-holdings.csv' } },
  };
};
