import { describe, expect, it } from 'vitest';
import { buildTestDocumentLines, buildTestPurchaseOrderDocument } from './documents-test-document.js';
import { composePurchaseOrderEmail, purchaseOrderPdfFilename } from './purchase-order-email.js';

const PDF = Buffer.from('%PDF-1.3 stand-in');

describe('composePurchaseOrderEmail', () => {
  const doc = buildTestPurchaseOrderDocument();

  it('addresses the vendor, copies the CC list and attaches the PDF', () => {
    const message = composePurchaseOrderEmail(
      doc,
      {
        email: ' marcus.bell@midwest-appliance.example ',
        name: ' Marcus Bell ',
        message: 'Please confirm.',
        ccs: [
          'orders@midwest-appliance.example',
          ' ',
          'Orders@Midwest-Appliance.example', // a repeat, whatever its case
          'MARCUS.BELL@midwest-appliance.example', // already the To address
          ' ap@keystone.example',
        ],
      },
      PDF,
    );
    expect(message.to).toBe('marcus.bell@midwest-appliance.example');
    expect(message.toName).toBe('Marcus Bell');
    expect(message.cc).toEqual(['orders@midwest-appliance.example', 'ap@keystone.example']);
    expect(message.subject).toBe('Purchase Order PO-2025-004812 from Keystone Appliance & Electronics');
    // The reference already starts with "PO-": not prefixed twice.
    expect(message.attachments).toEqual([
      { filename: 'PO-2025-004812.pdf', content: PDF, contentType: 'application/pdf' },
    ]);
    expect(message.attachments[0]!.content).toBe(PDF);
  });

  it("puts the user's message first, then a summary of the order", () => {
    const { text } = composePurchaseOrderEmail(
      doc,
      { email: 'a@b.example', name: '', message: 'Hi Marcus,\r\n\r\nPlease confirm the ship date.\n\n', ccs: [] },
      PDF,
    );
    expect(text.startsWith('Hi Marcus,\n\nPlease confirm the ship date.\n\n')).toBe(true);
    const summary = text.slice(text.indexOf('Please confirm the ship date.'));
    expect(summary).toMatch(/Purchase Order:\s+PO-2025-004812 \(legacy PO 771204\)/);
    expect(summary).toMatch(/Order Date:\s+2025-03-14/);
    expect(summary).toMatch(/Lines:\s+60\n/);
    // 60 lines from the factory: sub total $254,571.05 less 2.50 % DFI discount ($6,364.28).
    expect(summary).toMatch(/Balance Due:\s+\$248,206\.77/);
    expect(summary).toContain('The purchase order is attached as PO-2025-004812.pdf.');
    expect(text).not.toContain('purchase-order.pdf');
  });

  it('names the attachment after the PO: PO-W000287.pdf, not purchase-order.pdf', () => {
    const w = buildTestPurchaseOrderDocument({ purchaseRefId: 'W000287', lines: buildTestDocumentLines(2) });
    const message = composePurchaseOrderEmail(w, { email: 'a@b.example', name: '', message: '', ccs: [] }, PDF);
    expect(message.attachments.map((a) => a.filename)).toEqual(['PO-W000287.pdf']);
    expect(message.text).toContain('The purchase order is attached as PO-W000287.pdf.');
    expect(message.html).toContain('The purchase order is attached as PO-W000287.pdf.');
  });

  it.each([
    ['W000287', 'PO-W000287.pdf'],
    ['771204', 'PO-771204.pdf'],
    ['PO-2025-004812', 'PO-2025-004812.pdf'],
    ['po-17', 'po-17.pdf'],
    [' W 12/7 "x" ', 'PO-W_12_7_x_.pdf'],
    ['../etc/passwd', 'PO-etc_passwd.pdf'],
    ['', 'PO-order.pdf'],
  ])('writes the file name of %j as %s', (ref, name) => {
    expect(purchaseOrderPdfFilename(ref)).toBe(name);
  });

  it('omits an empty name and a missing legacy number', () => {
    const small = buildTestPurchaseOrderDocument({ legacyPoNumber: null, lines: buildTestDocumentLines(2) });
    const message = composePurchaseOrderEmail(small, { email: 'a@b.example', name: '  ', message: '', ccs: [] }, PDF);
    expect(message).not.toHaveProperty('toName');
    expect(message.text).not.toContain('legacy');
    expect(message.text).toMatch(/^Order summary\n/);
    expect(message.text).toMatch(/Lines:\s+2\n/);
  });

  it('escapes the message in the HTML part', () => {
    const { html } = composePurchaseOrderEmail(
      doc,
      { email: 'a@b.example', name: 'A', message: 'Ship <b>fast</b> & "safe"\nline two', ccs: [] },
      PDF,
    );
    expect(html).toContain('<p>Ship &lt;b&gt;fast&lt;/b&gt; &amp; &quot;safe&quot;<br>line two</p>');
    expect(html).not.toContain('<b>fast</b>');
    expect(html).toContain('$248,206.77');
  });

  it('does not change its inputs', () => {
    const before = structuredClone(doc);
    const input = { email: 'a@b.example', name: 'A', message: 'm', ccs: [' c@d.example '] };
    composePurchaseOrderEmail(doc, input, PDF);
    expect(doc).toEqual(before);
    expect(input.ccs).toEqual([' c@d.example ']);
  });
});
