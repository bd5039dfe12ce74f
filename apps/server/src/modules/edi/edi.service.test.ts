import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makePurchaseOrderDocument, parseX12 } from './edi-test-document.js';
import { MemoryEdiTransport, OutboxEdiTransport, type EdiTransport } from './edi-transport.js';
import { EdiSender, type EdiSenderOptions } from './edi.service.js';

const NOW = new Date('2026-11-20T14:05:09Z');
const OPTIONS: EdiSenderOptions = {
  senderId: 'KEYSTONEPOS',
  senderQualifier: 'ZZ',
  usageIndicator: 'T',
  now: () => NOW,
};

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'edi-sender-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('EdiSender', () => {
  it('builds the 850 and writes it to the outbox under its file name', async () => {
    const outbox = path.join(root, 'outbox');
    const sender = new EdiSender(new OutboxEdiTransport(outbox), OPTIONS);
    const result = await sender.send(makePurchaseOrderDocument(), 17);
    if (!result.ok) throw new Error(`expected success, got ${result.errors.join('; ')}`);
    expect(result.fileName).toBe('850_PO-10042_000000017.x12');
    expect(result.location).toBe(path.join(outbox, '850_PO-10042_000000017.x12'));
    expect(await readFile(result.location, 'utf8')).toBe(result.content);
    expect(await readdir(outbox)).toEqual(['850_PO-10042_000000017.x12']);
  });

  it('uses the one control number for the interchange, the group and the transaction set', async () => {
    const transport = new MemoryEdiTransport();
    const result = await new EdiSender(transport, OPTIONS).send(makePurchaseOrderDocument(), 4_321);
    expect(result.ok).toBe(true);
    const segments = await parseX12(transport.delivered[0]!.content);
    const get = (name: string, element: string) => segments.find((s) => s.name === name)?.[element];
    expect([get('ISA', '13'), get('IEA', '2')]).toEqual(['000004321', '000004321']);
    expect([get('GS', '6'), get('GE', '2')]).toEqual(['4321', '4321']);
    expect([get('ST', '2'), get('SE', '2')]).toEqual(['4321', '4321']);
  });

  it('addresses the interchange from us to the vendor, with our usage indicator and clock', async () => {
    const transport = new MemoryEdiTransport();
    await new EdiSender(transport, OPTIONS).send(makePurchaseOrderDocument(), 1);
    const [isa] = await parseX12(transport.delivered[0]!.content);
    expect([isa!['5'], isa!['6'], isa!['7'], isa!['8']]).toEqual(['ZZ', 'KEYSTONEPOS', '12', '6163292000']);
    expect([isa!['9'], isa!['10'], isa!['15']]).toEqual(['261120', '1405', 'T']);
  });

  it('returns the validation errors and writes nothing when the order cannot be sent', async () => {
    const outbox = path.join(root, 'outbox');
    const sender = new EdiSender(new OutboxEdiTransport(outbox), OPTIONS);
    const doc = makePurchaseOrderDocument({
      status: 'Complete',
      vendor: { name: 'Frigidaire', ediInterchangeId: null },
    });
    expect(await sender.send(doc, 17)).toEqual({
      ok: false,
      errors: ['A completed purchase order cannot be sent.', 'Vendor Frigidaire is not set up to receive EDI.'],
    });
    expect(await readdir(root)).toEqual([]); // not even the outbox folder was created
  });

  it('returns a delivery failure as an error', async () => {
    const failing: EdiTransport = { deliver: () => Promise.reject(new Error('drop folder is not mounted')) };
    expect(await new EdiSender(failing, OPTIONS).send(makePurchaseOrderDocument(), 17)).toEqual({
      ok: false,
      errors: ['The EDI file could not be delivered: drop folder is not mounted'],
    });
  });

  it('returns a build failure as an error, without delivering', async () => {
    const transport = new MemoryEdiTransport();
    // Two characters, so it passes validation, but one of them is the element separator.
    const doc = makePurchaseOrderDocument({ vendor: { ediQualifier: 'Z*' } });
    const result = await new EdiSender(transport, OPTIONS).send(doc, 17);
    expect(result).toEqual({
      ok: false,
      errors: ['The EDI file could not be built: The receiver interchange id qualifier must be 2 characters, got "Z"'],
    });
    expect(transport.delivered).toEqual([]);
  });

  it('refuses a control number outside 1 to 999999999', async () => {
    const sender = new EdiSender(new MemoryEdiTransport(), OPTIONS);
    await expect(sender.send(makePurchaseOrderDocument(), 0)).rejects.toThrow(RangeError);
    await expect(sender.send(makePurchaseOrderDocument(), 1_000_000_000)).rejects.toThrow(RangeError);
  });

  it('refuses a sender configuration the interchange header cannot hold', () => {
    const transport = new MemoryEdiTransport();
    expect(() => new EdiSender(transport, { ...OPTIONS, senderId: '' })).toThrow(/sender id/);
    expect(() => new EdiSender(transport, { ...OPTIONS, senderId: 'K' })).toThrow(/sender id must be 2 to 15/);
    expect(() => new EdiSender(transport, { ...OPTIONS, senderId: 'KEYSTONE-POS-0001' })).toThrow(/sender id/);
    expect(() => new EdiSender(transport, { ...OPTIONS, senderQualifier: 'Z' })).toThrow(/qualifier/);
  });

  it('uses the system clock when no clock is given', async () => {
    const transport = new MemoryEdiTransport();
    const before = Date.now();
    await new EdiSender(transport, { senderId: 'KEYSTONEPOS', senderQualifier: 'ZZ', usageIndicator: 'P' }).send(
      makePurchaseOrderDocument(),
      1,
    );
    const gs = (await parseX12(transport.delivered[0]!.content)).find((s) => s.name === 'GS')!;
    const [date, time] = [gs['4']!, gs['5']!]; // CCYYMMDD, HHMM in UTC
    const stamp = Date.parse(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${time.slice(0, 2)}:${time.slice(2, 4)}:00Z`,
    );
    expect(stamp).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(stamp).toBeLessThanOrEqual(Date.now());
  });
});
