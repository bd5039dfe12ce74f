import { formatUsd } from '@keystone/contracts';
import type { PurchaseOrderDocument } from '../../shared/purchase-order-document.js';
import type { MailMessage } from './mailer.js';

/** The PO e-mail form: vendor e-mail, recipient name, content and the CC list (already split on commas). */
export interface PurchaseOrderEmailInput {
  email: string;
  name: string;
  message: string;
  ccs: string[];
}

/**
 * The attached PDF's file name: the PO's number, `PO-W000287.pdf` (every e-mail's attachment used to be
 * `purchase-order.pdf`, so a vendor's inbox could not tell them apart). A reference that already starts with "PO-"
 * is not prefixed again (`PO-2025-004812.pdf`); a character other than a letter, a digit, "-", "_" or "." becomes
 * "_", so the name is safe in a MIME header and on any file system.
 */
export function purchaseOrderPdfFilename(purchaseRefId: string): string {
  const ref =
    purchaseRefId
      .trim()
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '') || 'order';
  return /^PO-/i.test(ref) ? `${ref}.pdf` : `PO-${ref}.pdf`;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function summaryRows(doc: PurchaseOrderDocument): [string, string][] {
  const ref = doc.legacyPoNumber ? `${doc.purchaseRefId} (legacy PO ${doc.legacyPoNumber})` : doc.purchaseRefId;
  return [
    ['Purchase Order', ref],
    ['Order Date', doc.orderDate],
    ['Lines', String(doc.lines.length)],
    ['Balance Due', formatUsd(doc.totals.balanceDueCents)],
  ];
}

/**
 * The e-mail that carries a purchase order to its vendor: the user's message, then a short summary of the
 * order, with the order attached as `PO-{number}.pdf`. Pure: addresses are trimmed, empty CC entries
 * dropped and duplicates (including the To address) removed, but validity is the mailer's to judge.
 */
export function composePurchaseOrderEmail(
  doc: PurchaseOrderDocument,
  input: PurchaseOrderEmailInput,
  pdf: Buffer,
): MailMessage {
  const to = input.email.trim();
  const seen = new Set([to.toLowerCase()]);
  const cc: string[] = [];
  for (const raw of input.ccs) {
    const address = raw.trim();
    if (!address || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    cc.push(address);
  }

  const filename = purchaseOrderPdfFilename(doc.purchaseRefId);
  const message = input.message.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  const rows = summaryRows(doc);
  const labelWidth = Math.max(...rows.map(([label]) => label.length)) + 2;
  const summaryText = rows.map(([label, value]) => `${`${label}:`.padEnd(labelWidth)}${value}`).join('\n');
  const text = `${message ? `${message}\n\n` : ''}Order summary\n-------------\n${summaryText}\n\nThe purchase order is attached as ${filename}.\n`;

  const paragraphs = message
    ? message
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
        .join('\n')
    : '';
  const html =
    `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;font-size:14px;color:#1b1f24">\n` +
    `${paragraphs}\n<table style="border-collapse:collapse;margin-top:16px;border-top:2px solid #1f3a5f">\n` +
    rows
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:4px 16px 4px 0;color:#5b6470;font-weight:normal">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      )
      .join('\n') +
    `\n</table>\n<p style="color:#5b6470">The purchase order is attached as ${filename}.</p>\n</body></html>\n`;

  const name = input.name.trim();
  return {
    to,
    ...(name ? { toName: name } : {}),
    cc,
    subject: `Purchase Order ${doc.purchaseRefId} from ${doc.company.name}`,
    text,
    html,
    attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
  };
}
