import { describe, expect, it, vi } from 'vitest';
import {
  addCommittedSaleSerialRoute,
  addScannedTransferItemRoute,
  pickItemRoute,
  quickAddScannedAuditItemRoute,
  quickScanReceiveRoute,
  unreceiveRoute,
  updateBinItemsRoute,
} from '@keystone/contracts';
import { sendOutboxEntry } from './outbox-routes';
import type { OutboxEntry } from './scan-outbox';

const entry = (patch: Partial<OutboxEntry>): OutboxEntry => ({
  id: 'id-1',
  seq: 1,
  kind: 'receive',
  body: { clientScanId: 'id-1' },
  context: 'c',
  label: 'l',
  createdAt: new Date(0).toISOString(),
  attempts: 0,
  state: 'pending',
  ...patch,
});

describe('sendOutboxEntry', () => {
  it('sends a transfer scan to its transfer: the refId as the path parameter, the body (with its clientScanId) as is', async () => {
    const call = vi.fn(async () => ({ message: 'Success' }));
    const signal = new AbortController().signal;
    const body = {
      scannedUpc: '012345678905',
      scannedSerialNumbers: ['SN1'],
      forcePushSerialCorrection: 0,
      clientScanId: 'b0c1…',
    };
    await sendOutboxEntry(
      entry({ kind: 'transfer-scan', params: { refId: 'CT-0000042' }, body }),
      signal,
      call as never,
    );
    expect(call).toHaveBeenCalledWith(addScannedTransferItemRoute, {
      params: { refId: 'CT-0000042' },
      body,
      silent: true,
      signal,
    });
  });

  it('sends a receiving scan without path parameters', async () => {
    const call = vi.fn(async () => ({}));
    const signal = new AbortController().signal;
    await sendOutboxEntry(entry({}), signal, call as never);
    expect(call).toHaveBeenCalledWith(quickScanReceiveRoute, { body: { clientScanId: 'id-1' }, silent: true, signal });
  });

  it('sends an audit scan to quick-add-scanned-item, body as is', async () => {
    const call = vi.fn(async () => ({}));
    const signal = new AbortController().signal;
    const body = {
      model: 'WM3400',
      auditBucket: 'RUBY',
      auditBatchId: 7,
      scannedUpc: '012345678905',
      serialNumbers: 'A:=:B',
      clientScanId: 'id-2',
    };
    await sendOutboxEntry(entry({ kind: 'audit-scan', body }), signal, call as never);
    expect(call).toHaveBeenCalledWith(quickAddScannedAuditItemRoute, { body, silent: true, signal });
  });

  it('sends a pick to its pick list item and a bin contents submit to its bin: the id as the path parameter, the body (with its clientScanId) as is', async () => {
    const call = vi.fn(async () => ({}));
    const signal = new AbortController().signal;
    const pick = { actualPickedBinId: 4, clientScanId: 'id-3' };
    await sendOutboxEntry(entry({ kind: 'pick', params: { id: '17' }, body: pick }), signal, call as never);
    expect(call).toHaveBeenCalledWith(pickItemRoute, { params: { id: '17' }, body: pick, silent: true, signal });
    const bin = { isAdding: true, items: [{ upc: '012345678905', updateQty: 2 }], clientScanId: 'id-4' };
    await sendOutboxEntry(entry({ kind: 'bin-items', params: { binId: '9' }, body: bin }), signal, call as never);
    expect(call).toHaveBeenCalledWith(updateBinItemsRoute, { params: { binId: '9' }, body: bin, silent: true, signal });
  });

  it("sends a committed sale's serials to its sale: the ref as the path parameter, the body as is", async () => {
    const call = vi.fn(async () => ({}));
    const signal = new AbortController().signal;
    const body = { scannedUpc: '012345678905', scannedSerialNumbers: ['SN9'], clientScanId: 'id-5' };
    await sendOutboxEntry(entry({ kind: 'sale-serial', params: { ref: 'CS-0000007' }, body }), signal, call as never);
    expect(call).toHaveBeenCalledWith(addCommittedSaleSerialRoute, {
      params: { ref: 'CS-0000007' },
      body,
      silent: true,
      signal,
    });
  });

  it('sends an un-receipt to its receipt: the reference as the path parameter, the body (with its clientScanId) as is', async () => {
    const call = vi.fn(async () => ({}));
    const signal = new AbortController().signal;
    const body = { lineItemId: 7, notes: 'Damaged box', scannedUpc: '012345678905', clientScanId: 'id-5' };
    const params = { imsTransactionReferenceId: 'IR-0000042' };
    await sendOutboxEntry(entry({ kind: 'unreceive', params, body }), signal, call as never);
    expect(call).toHaveBeenCalledWith(unreceiveRoute, { params, body, silent: true, signal });
  });
});
