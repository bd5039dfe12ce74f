import { describe, expect, it } from 'vitest';
import { decodeTextBytes, detectTextEncoding, TextEncodingError } from './text-encoding.js';

const latin1 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('the encoding of an uploaded text file (issue 31 item 5)', () => {
  it('reads a file Excel saved as "CSV (Comma delimited)" on Windows (Windows-1252)', () => {
    const bytes = latin1('Order Number,Ship To\r\nEP-1,José Núñez\r\nEP-2,Zoë Brontë\r\n');
    expect(detectTextEncoding(bytes, true)).toBe('windows-1252');
    expect(decodeTextBytes(bytes)).toContain('José Núñez');
  });

  it('reads UTF-8 (with or without its BOM) and UTF-16 with its BOM', () => {
    const utf8 = new TextEncoder().encode('\uFEFFname\nJosé Núñez\n');
    expect(detectTextEncoding(utf8, true)).toBe('utf-8');
    expect(decodeTextBytes(utf8)).toContain('José Núñez');
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'a,b\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(decodeTextBytes(utf16)).toBe('a,b\n');
  });

  it('refuses a binary file, and a UTF-8 file with bytes that are not UTF-8 after its start', () => {
    expect(() => decodeTextBytes(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02]))).toThrow(
      TextEncodingError,
    );
    const head = new TextEncoder().encode(`é${'x'.repeat(70_000)}`);
    const bytes = new Uint8Array([...head, 0xe9, 0x0a]);
    expect(() => decodeTextBytes(bytes)).toThrow(/not UTF-8 further on/);
  });
});
