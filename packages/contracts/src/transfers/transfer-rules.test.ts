import { describe, expect, it } from 'vitest';
import { committedTransferReference, missingTransferFields, scanningForced } from './transfer-rules.js';

describe('transfer rules (001 §5)', () => {
  it('needs a chosen quantity and destination', () => {
    expect(
      Object.keys(
        missingTransferFields({ fromBucket: 'RUBY', toBucket: 'Not Selected', requestedQuantity: 'Not Selected' }),
      ),
    ).toEqual(['requestedQuantity', 'toBucket']);
    expect(
      Object.keys(missingTransferFields({ fromBucket: 'RUBY', toBucket: 'not selected', requestedQuantity: 1 })),
    ).toEqual(['toBucket']);
    expect(missingTransferFields({ fromBucket: 'RUBY', toBucket: 'RUBY_DAMAGED', requestedQuantity: 1 })).toEqual({});
  });

  it('an inbound or KY01/TX01/AZ02 side needs a batch ref id or name and a sender SKU', () => {
    for (const [fromBucket, toBucket] of [
      ['RUBY', 'RUBY_FBA_INBOUND'],
      ['RUBY_FBA_INBOUND', 'RUBY'],
      ['KY01', 'KY01_B_STOCK'],
      ['TX01_B_STOCK', 'tx01'],
    ]) {
      expect(
        Object.keys(missingTransferFields({ fromBucket: fromBucket!, toBucket, requestedQuantity: 1 })).sort(),
      ).toEqual(['posTransferBatchName', 'posTransferBatchRefId', 'senderSku']);
      expect(
        missingTransferFields({
          fromBucket: fromBucket!,
          toBucket,
          requestedQuantity: 1,
          posTransferBatchName: 'B',
          senderSku: 'S',
        }),
      ).toEqual({});
      expect(
        missingTransferFields({
          fromBucket: fromBucket!,
          toBucket,
          requestedQuantity: 1,
          posTransferBatchRefId: 'R',
          senderSku: 'S',
        }),
      ).toEqual({});
      expect(
        Object.keys(
          missingTransferFields({
            fromBucket: fromBucket!,
            toBucket,
            requestedQuantity: 1,
            posTransferBatchRefId: ' ',
            senderSku: 'S',
          }),
        ).length,
      ).toBe(2);
    }
    expect(
      missingTransferFields({ fromBucket: 'AZ02_B_STOCK', toBucket: 'AZ02_DAMAGED', requestedQuantity: 1 }),
    ).toEqual({});
  });

  it('forces scanning on KY01, TX01 and AZ02, and numbers references CT-0000042', () => {
    expect(scanningForced('AZ02', 'AZ02_DAMAGED')).toBe(true);
    expect(scanningForced('RUBY', 'RUBY_B_STOCK')).toBe(false);
    expect(committedTransferReference(42)).toBe('CT-0000042');
  });
});
