import { randomUUID } from 'node:crypto';
import { createProducts, nextUpc } from '../factories.js';
import { correctSerials } from '../stock-kit.js';
import type { TestApp } from '../harness.js';
import { createTransferFixture } from './transfers.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;

/**
 * Committed sales of a product with units on hand in KY01_B_STOCK (received through the ledger): each sale takes 1
 * (each commit reserves 1 until it is transacted, which sells it: the permission and validation walks repeat them once
 * per role, hence the units).
 */
export async function createSaleFixture(t: TestApp, units = 150) {
  const { product, actor } = await createTransferFixture(t, units);
  const commit = (invoice?: string) => {
    counter += 1;
    return t.services.committedSales.commit(
      { legacyPosInvoiceId: invoice ?? `INV-S${counter}-${Date.now() % 100000}`, model: product.modelNumber, quantity: 1, sourceBucket: 'KY01_B_STOCK', commitNotes: 'Sample sale' },
      actor,
    );
  };
  return { product, actor, commit };
}

export const buildCommittedSalesSamples: DomainSampleBuilder = async (t) => {
  const { product, actor, commit } = await createSaleFixture(t);
  const sale = await commit();
  const finishTarget = await commit();
  const transactBody = { invoicedById: 'sample-user', invoicedByName: 'sample-user', finishNotes: 'Sample finish', strictMode: true };
  const freshTransact = async (): Promise<RouteSample> => ({ params: { ref: (await commit()).ims_transaction_reference_id }, body: transactBody });
  const freshFinish = async (): Promise<RouteSample> => ({ body: { ...transactBody, legacyPosInvoiceId: (await commit()).legacy_pos_invoice_id } });
  // A serial-tracked product whose sales are committed without serials: each call attaches a fresh live serial.
  counter += 1;
  const tag = `${counter}${Date.now() % 100000}`;
  const [tracked] = await createProducts(t.db, [{ modelNumber: `SALES-SN${tag}`, upc: nextUpc(), serialNumberTracked: true, numOfSerialsPerItem: 1 }]);
  // Enough for every role's fresh call; made through the ledger (a serial correction per item), cheaper than receipts.
  const numbers = Array.from({ length: 30 }, (_, i) => `SSN${tag}-${i + 1}`);
  for (const n of numbers) await correctSerials(t.services, tracked!, 'KY01_B_STOCK', [n]);
  let nextSerial = 0;
  const serialSample = async (): Promise<RouteSample> => {
    const sale = await t.services.committedSales.commit({ legacyPosInvoiceId: `INV-SN${tag}-${nextSerial}`, model: tracked!.modelNumber, quantity: 1, sourceBucket: 'KY01_B_STOCK' }, actor);
    return { params: { ref: sale.ims_transaction_reference_id }, body: { scannedUpc: tracked!.upc, scannedSerialNumbers: [numbers[nextSerial++]!], clientScanId: randomUUID() } };
  };
  const firstSerial = await serialSample();
  return {
    'POST /api/ims/committed-sales/{ref}/addScannedItem': { ...firstSerial, fresh: serialSample },
    'POST /api/ims/committed-sales': {
      body: { legacyPosInvoiceId: 'INV-SAMPLE-1', model: product.modelNumber, quantity: 1, sourceBucket: 'KY01_B_STOCK', serials: [], scannedUpc: '', commitNotes: 'Sample intake' },
    },
    'GET /api/ims/committed-sales': { query: { search: sale.legacy_pos_invoice_id.toLowerCase() } },
    'GET /api/ims/committed-sales/export': { query: { search: sale.legacy_pos_invoice_id, format: 'xlsx' } },
    'POST /api/ims/committed-sales/{ref}/transact': { params: { ref: sale.ims_transaction_reference_id }, body: transactBody, fresh: freshTransact },
    'POST /api/ims/legacy-wpos/finishInvoice/': { body: { ...transactBody, legacyPosInvoiceId: finishTarget.legacy_pos_invoice_id }, fresh: freshFinish },
  };
};
