import { describe, expect, it } from 'vitest';
import { reportFileName } from './report-file-name';

describe('reportFileName', () => {
  it('names the file report-{MM-DD-YYYY}.csv from the local date', () => {
    expect(reportFileName(new Date(2026, 0, 5, 23, 59))).toBe('report-01-05-2026.csv');
    expect(reportFileName(new Date(2026, 10, 23, 0, 1))).toBe('report-11-23-2026.csv');
  });
  it('takes another extension', () => {
    expect(reportFileName(new Date(2026, 11, 31), 'xlsx')).toBe('report-12-31-2026.xlsx');
  });
});
