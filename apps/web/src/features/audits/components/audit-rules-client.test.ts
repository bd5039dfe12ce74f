import { describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, type TAuditItem } from '@keystone/contracts';
import {
  auditSerialError,
  auditUpcError,
  countDifference,
  jobPercent,
  serialsPerUnit,
  talliedSerials,
  talliedUnits,
} from './audit-rules-client';

const product = (patch: Partial<TAuditItem['product']> = {}): TAuditItem['product'] => ({
  id: 1,
  model: 'WM3400',
  product_title: 'Washer',
  upc: '012345678905',
  alternate_upc: '098765432109',
  serial_number_tracked: 1,
  num_of_serials_per_item: 2,
  ...patch,
});

const scan = (id: number, unit_id: number, serial: string | null, upc: string | null = null) => ({
  id,
  unit_id,
  scanned_serial_number: serial,
  scanned_upc: upc,
  scanned_by: 'warehouse-1',
  scanned_at: '2026-11-23T08:00:00.000Z',
  fk_inventory_serial_id: null,
});

describe('serialsPerUnit', () => {
  it('is the serials per item of a serialized product, 0 when not tracked or none per item', () => {
    expect(serialsPerUnit(product())).toBe(2);
    expect(serialsPerUnit(product({ serial_number_tracked: 0 }))).toBe(0);
    expect(serialsPerUnit(product({ num_of_serials_per_item: 0 }))).toBe(0);
    expect(serialsPerUnit(product({ num_of_serials_per_item: null }))).toBe(0);
  });
});

describe('auditUpcError', () => {
  it('accepts the UPC or the alternate UPC, otherwise says "UPC doesn\'t match"', () => {
    expect(auditUpcError(product(), '012345678905')).toBeNull();
    expect(auditUpcError(product(), ' 098765432109 ')).toBeNull();
    expect(auditUpcError(product(), '111111111111')).toBe("UPC doesn't match");
    expect(auditUpcError(product({ upc: null, alternate_upc: null }), '012345678905')).toBe(AUDIT_MESSAGES.upcMismatch);
  });
});

describe('auditSerialError', () => {
  const none = new Set<string>();
  it('gives each §5 message in its case', () => {
    expect(auditSerialError(product(), 'SN1:=:SN2', none, [])).toBe(
      'Individual serials cannot contain the delimiter ":=:"',
    );
    expect(auditSerialError(product(), 'wm3400', none, [])).toBe("Serial can't equal model number");
    expect(auditSerialError(product(), '012345678905', none, [])).toBe("UPC can't be serial");
    expect(auditSerialError(product(), '098765432109', none, [])).toBe("UPC can't be serial");
    expect(auditSerialError(product(), 'sn1', new Set(['SN1']), [])).toBe('Serial already scanned');
    expect(auditSerialError(product(), 'SN1', none, ['sn1'])).toBe('Serial already scanned');
    expect(auditSerialError(product(), 'SN3', none, ['SN1', 'SN2'])).toBe('Too many serials scanned');
    expect(auditSerialError(product({ serial_number_tracked: 0 }), 'SN3', none, [])).toBe('Too many serials scanned');
  });
  it('accepts a new serial while the unit has room', () => {
    expect(auditSerialError(product(), 'SN2', new Set(['SN9']), ['SN1'])).toBeNull();
  });
});

describe('talliedUnits', () => {
  it('groups the scans of one unit, deletes by its first scan, newest unit first', () => {
    const item = {
      serials: [
        scan(10, 10, 'A1', '012345678905'),
        scan(11, 10, 'A2'),
        scan(12, 12, null, '012345678905'),
        scan(13, 13, 'B1'),
      ],
    };
    expect(talliedUnits(item)).toEqual([
      expect.objectContaining({ unitId: 13, firstScanId: 13, serials: ['B1'], upc: null }),
      expect.objectContaining({ unitId: 12, firstScanId: 12, serials: [], upc: '012345678905' }),
      expect.objectContaining({ unitId: 10, firstScanId: 10, serials: ['A1', 'A2'], upc: '012345678905' }),
    ]);
    expect([...talliedSerials(item)].sort()).toEqual(['A1', 'A2', 'B1']);
  });
});

describe('jobPercent', () => {
  it('is done over total, 0 while the total is unknown, never above 100', () => {
    expect(jobPercent({ progress_done: 0, progress_total: 0 })).toBe(0);
    expect(jobPercent({ progress_done: 250, progress_total: 1000 })).toBe(25);
    expect(jobPercent({ progress_done: 5, progress_total: 4 })).toBe(100);
  });
});

describe('countDifference', () => {
  const serial = (serial_number: string) => ({ serial_number }) as never;
  const base = {
    actual_tallied_quantity: 2,
    expected_quantity: 5,
    product: product(),
    missing_serials: [],
    discovered_serials: [],
  };
  it('is tallied minus the snapshot for an item without serials', () => {
    expect(countDifference({ ...base, audit_type_code: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_NON_SERIALIZED' })).toBe(
      -3,
    );
  });
  it('is discovered minus missing serials per item, truncated toward zero, for a serialized item', () => {
    const review = { ...base, audit_type_code: 'PHYSICAL_INVENTORY_AUDIT_ADJUSTMENT_SERIALIZED' as const };
    expect(
      countDifference({ ...review, missing_serials: [serial('A'), serial('B'), serial('C')], discovered_serials: [] }),
    ).toBe(-1);
    expect(
      countDifference({
        ...review,
        missing_serials: [serial('A')],
        discovered_serials: [serial('X'), serial('Y'), serial('Z')],
        product: product({ num_of_serials_per_item: 1 }),
      }),
    ).toBe(2);
  });
});
