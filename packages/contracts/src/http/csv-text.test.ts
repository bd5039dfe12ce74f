import { describe, expect, it } from 'vitest';
import { csvSafeText } from './csv-text.js';

describe('csvSafeText (CSV formula injection)', () => {
  it.each([
    '=1+2',
    '=HYPERLINK("http://x","y")',
    '+SUM(1)',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '-',
    '+',
    '=',
    '-12.5.3',
    '-1e5',
    '--5',
    '\uff1d1+1',
    '\uff0b1',
    '\uff0d1',
    '\uff20x',
  ])('puts a quote before %j', (text) => {
    expect(csvSafeText(text)).toBe(`'${text}`);
  });

  it.each(['', 'plain', ' =1', "'=1", '1=1', 'a@b', '12', '-12.50', '+3', '-0', '0.5', '-12', '1.5'])(
    'leaves %j as it is',
    (text) => {
      expect(csvSafeText(text)).toBe(text);
    },
  );

  it('is idempotent', () => {
    for (const text of ['=1', '-x', '@', '\t', '-12.50', 'plain'])
      expect(csvSafeText(csvSafeText(text))).toBe(csvSafeText(text));
  });
});
