import { createProducts, createUser, nextUpc, receiveStock } from '../factories.js';
import type { TestApp } from '../harness.js';
import type { DomainSampleBuilder, RouteSample } from './types.js';

let counter = 0;

/** A product without serials on hand in KY01 and an open audit of KY01; fresh audits and items for the calls that use them up. */
export const buildAuditsSamples: DomainSampleBuilder = async (t: TestApp) => {
  const admin = await createUser(t.services, { role: 'admin' });
  const actor = { id: admin.id, username: admin.username, role: 'admin' };
  const upc = nextUpc();
  const [product] = await createProducts(t.db, [{ modelNumber: `AUDS${Date.now() % 100000}M`, upc }]);
  await receiveStock(t.services, product!, 'KY01', { units: 3 });
  const batch = async () => {
    counter += 1;
    return t.services.audits.createBatch({ audit_batch_name: `Sample audit ${Date.now()}-${counter}`, default_audit_bucket: 'KY01' }, actor);
  };
  const open = await batch();
  const request = (auditBatchId: number) => ({ model: product!.modelNumber, auditBucket: 'KY01', auditBatchId, auditTypeCode: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED' as const });
  const item = async () => {
    const b = await batch();
    return (await t.services.audits.request(request(b.audit_batch_id), actor)).ims_transaction_reference_id;
  };
  const started = (await t.services.audits.request(request(open.audit_batch_id), actor)).ims_transaction_reference_id;
  const freshRef = async (): Promise<RouteSample> => ({ params: { ref: await item() }, body: { submitNotes: 'sample' } });
  return {
    'GET /api/audit-scans': {},
    'GET /api/audit-scans/completed': {},
    'GET /api/audit-scans/export': { query: { completed: '1', format: 'csv' } },
    'POST /api/audit-scans': { body: { audit_batch_name: 'x', default_audit_bucket: 'KY01' }, fresh: async () => {
      counter += 1;
      return { body: { audit_batch_name: `Sample new audit ${Date.now()}-${counter}`, default_audit_bucket: 'KY01' } };
    } },
    'GET /api/audit-scans/items': { query: { auditBatchId: open.audit_batch_id } },
    'GET /api/audit-scans/details': { query: { auditBatchId: open.audit_batch_id } },
    'PUT /api/audit-scans/finishBatch': { body: { audit_batch_id: open.audit_batch_id }, fresh: async () => ({ body: { audit_batch_id: (await batch()).audit_batch_id } }) },
    'DELETE /api/audit-scans/{transactionReferenceId}': { params: { transactionReferenceId: started }, fresh: async () => ({ params: { transactionReferenceId: await item() } }) },
    'POST /api/audit-adjustments/request': { body: request(open.audit_batch_id) },
    'POST /api/audit-adjustments/quick-add-scanned-item': { body: { ...request(open.audit_batch_id), scannedUpc: upc } },
    'DELETE /api/audit-adjustments/serials/{id}': { params: { id: 1 }, fresh: async () => {
      const b = await batch();
      const tally = await t.services.audits.quickAdd({ ...request(b.audit_batch_id), scannedUpc: upc }, actor);
      return { params: { id: tally.serials[0]!.id } };
    } },
    'GET /api/audit-adjustments/{ref}/review': { params: { ref: started } },
    'POST /api/audit-adjustments/{ref}/transact': { params: { ref: started }, body: {}, fresh: freshRef },
    'POST /api/audit-adjustments/{ref}/resolve': { params: { ref: started }, body: {}, fresh: freshRef },
  };
};
