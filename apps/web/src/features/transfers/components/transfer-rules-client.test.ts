import { describe, expect, it } from 'vitest';
import { NOT_SELECTED, type TCommittedTransfer, type TInventoryRow } from '@keystone/contracts';
import {
  commitBody,
  forcePushPromptOf,
  needsExtraFields,
  scanErrorText,
  serialsPerUnit,
  sourceRows,
  transferFormErrors,
  transferSerialError,
  transferUpcError,
  type TTransferFormValues,
} from './transfer-rules-client';

const row = (bucket: string, quantity: number): TInventoryRow => ({
  id: `1:${bucket}`,
  bucket,
  location_code: bucket.split('_')[0]!,
  condition_code: 'NEW',
  committed_quantity: 0,
  available: quantity,
  quantity,
  binned_quantity: 0,
  notes: null,
  last_updated_at: '2026-01-01T00:00:00Z',
});

const product: TCommittedTransfer['product'] = {
  id: 1,
  model: 'WM3400',
  product_title: 'Washer',
  upc: '012345678905',
  alternate_upc: '098765432109',
  part_number: 'WM-3400-PN',
  serial_number_tracked: 1,
  num_of_serials_per_item: 2,
};

const values = (over: Partial<TTransferFormValues> = {}): TTransferFormValues => ({
  fromBucket: 'RUBY',
  model: 'WM3400',
  toBucket: 'RUBY_B_STOCK',
  requestedQuantity: 2,
  scanningRequired: false,
  commitNotes: '',
  posTransferBatchRefId: '',
  posTransferBatchName: '',
  senderSku: '',
  receiverSku: '',
  ...over,
});

describe('sourceRows', () => {
  const rows = [row('KY01', 3), row('KY01_B_STOCK', 0), row('KY01_DAMAGED', -1)];
  it('hides a zero row and marks a negative one read-only for a non-admin', () => {
    expect(sourceRows(rows, false, null).map((r) => [r.row.bucket, r.readOnly])).toEqual([
      ['KY01', false],
      ['KY01_DAMAGED', true],
    ]);
  });
  it('shows every row, all editable, for an admin', () => {
    expect(sourceRows(rows, true, null).map((r) => r.readOnly)).toEqual([false, false, false]);
  });
  it('keeps only ?from_bucket=, in any case', () => {
    expect(sourceRows(rows, true, 'ky01_b_stock').map((r) => r.row.bucket)).toEqual(['KY01_B_STOCK']);
  });
});

describe('transfer form rules', () => {
  it('reveals the extra fields for inbound and KY01/TX01/AZ02 on either side', () => {
    expect(needsExtraFields('RUBY', 'RUBY_B_STOCK')).toBe(false);
    expect(needsExtraFields('RUBY', NOT_SELECTED)).toBe(false);
    expect(needsExtraFields('RUBY', 'KY01_FBA_INBOUND')).toBe(true);
    expect(needsExtraFields('KY01_FBA_INBOUND', 'RUBY')).toBe(true);
    expect(needsExtraFields('RUBY', 'TX01')).toBe(true);
  });
  it('needs destination and quantity chosen', () => {
    expect(
      Object.keys(
        transferFormErrors(values({ toBucket: NOT_SELECTED, requestedQuantity: NOT_SELECTED }), 5, false),
      ).sort(),
    ).toEqual(['requestedQuantity', 'toBucket']);
  });
  it('limits a non-admin to 1..on-hand and an admin to at least 1', () => {
    expect(transferFormErrors(values({ requestedQuantity: 6 }), 5, false).requestedQuantity).toBe(
      'Requested quantity must be 1 to 5, the quantity available in RUBY',
    );
    expect(transferFormErrors(values({ requestedQuantity: 6 }), 5, true)).toEqual({});
    expect(transferFormErrors(values({ requestedQuantity: 0 }), 5, true).requestedQuantity).toBeDefined();
    expect(transferFormErrors(values({ requestedQuantity: 5 }), 5, false)).toEqual({});
  });
  it('needs a SKU and a shipment id or name for a special bucket', () => {
    expect(Object.keys(transferFormErrors(values({ toBucket: 'AZ02' }), 5, false)).sort()).toEqual([
      'posTransferBatchName',
      'posTransferBatchRefId',
      'senderSku',
    ]);
    expect(
      transferFormErrors(values({ toBucket: 'AZ02', senderSku: 'S1', posTransferBatchName: 'Truck 4' }), 5, false),
    ).toEqual({});
  });
  it('builds the body: receiver SKU from the sender, scanning forced for special buckets, blanks as null', () => {
    const body = commitBody(
      values({ toBucket: 'KY01', senderSku: ' S1 ', posTransferBatchRefId: 'B7' }),
      'warehouse-lead',
    );
    expect(body).toMatchObject({
      committedById: 'warehouse-lead',
      senderSku: 'S1',
      receiverSku: 'S1',
      scanningRequired: true,
      posTransferBatchName: null,
      commitNotes: null,
    });
    expect(body).not.toHaveProperty('strictMode');
    expect(commitBody(values(), 'admin', { strictMode: false }).strictMode).toBe(false);
  });
});

describe('scan checks', () => {
  it('UPC: matches, part number, mismatch', () => {
    expect(transferUpcError(product, '012345678905')).toBeNull();
    expect(transferUpcError(product, '098765432109')).toBeNull();
    expect(transferUpcError(product, 'wm-3400-pn')).toBe('UPC cannot equal part number.');
    expect(transferUpcError(product, '111111111111')).toBe('UPC does not match.');
  });
  it('serial: part number, UPC, twice', () => {
    expect(transferSerialError(product, 'WM-3400-PN', new Set())).toBe('Serial cannot equal part number.');
    expect(transferSerialError(product, '012345678905', new Set())).toBe('Serial cannot equal UPC.');
    expect(transferSerialError(product, 'sn1', new Set(['SN1']))).toBe('Serial cannot be re-scanned');
    expect(transferSerialError(product, 'SN2', new Set(['SN1']))).toBeNull();
  });
  it('serials per unit', () => {
    expect(serialsPerUnit(product)).toBe(2);
    expect(serialsPerUnit({ ...product, serial_number_tracked: 0 })).toBe(0);
    expect(serialsPerUnit({ ...product, num_of_serials_per_item: null })).toBe(1);
  });
});

describe('scan errors and force push', () => {
  it("shows the server's errors text or the whole body", () => {
    expect(scanErrorText({ message: 'Scanned UPC 1 does not match model M', errors: { scannedUpc: ['x'] } })).toBe(
      'Scanned UPC 1 does not match model M',
    );
    expect(scanErrorText({ errors: 'Bad serial' })).toBe('Bad serial');
    expect(scanErrorText({ errors: { a: ['one'], b: ['two'] } })).toBe('one two');
    expect(scanErrorText({ status: 'odd' })).toBe('{"status":"odd"}');
    expect(scanErrorText('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
  });
  it('opens the prompt for the two texts of 001 §8 only', () => {
    expect(forcePushPromptOf('Inventory serial SN1 does not exist for product WM3400')).toEqual({ kind: 'not-exist' });
    expect(forcePushPromptOf('Inventory serial SN1 according to records should be at KY01_B_STOCK')).toEqual({
      kind: 'elsewhere',
      location: 'KY01_B_STOCK',
    });
    expect(
      forcePushPromptOf(
        'Force push is not supported yet: ask an inventory admin to correct this serial, then scan it again',
      ),
    ).toBeNull();
    expect(forcePushPromptOf('UPC does not match.')).toBeNull();
  });
});
