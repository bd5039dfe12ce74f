import { describe, expect, it } from 'vitest';
import { batchLabel, noTransferResultsMessage, transferPagePath, transferProgress } from './transfer-board-rules';

describe('committed transfers board helpers', () => {
  it('shows progress as scanned / committed with a bounded percentage', () => {
    expect(transferProgress({ total_scanned_quantity: 1, committed_quantity: 4 })).toEqual({
      label: '1 / 4',
      percent: 25,
    });
    expect(transferProgress({ total_scanned_quantity: 0, committed_quantity: 0 })).toEqual({
      label: '0 / 0',
      percent: 0,
    });
    expect(transferProgress({ total_scanned_quantity: 5, committed_quantity: 4 }).percent).toBe(100);
  });

  it('joins the batch name and ref', () => {
    expect(batchLabel({ pos_transfer_batch_name: 'Truck 12', pos_transfer_batch_ref_id: 'B-7' })).toBe(
      'Truck 12 (B-7)',
    );
    expect(batchLabel({ pos_transfer_batch_name: null, pos_transfer_batch_ref_id: 'B-7' })).toBe('B-7');
    expect(batchLabel({ pos_transfer_batch_name: ' ', pos_transfer_batch_ref_id: null })).toBe('');
  });

  it('links to the transfer page of the model and names a missed search', () => {
    expect(transferPagePath('AB/C 1')).toBe('/inventory/transfer/AB%2FC%201');
    expect(noTransferResultsMessage('zz')).toBe('There are no results for "zz"');
  });
});
