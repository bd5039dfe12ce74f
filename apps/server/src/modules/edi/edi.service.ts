import type { PurchaseOrderDocument } from '../../shared/purchase-order-document.js';
import { validatePurchaseOrderForEdi } from './edi-validation.js';
import { ediFileName, type EdiTransport } from './edi-transport.js';
import { buildPurchaseOrder850, X12_MAX, X12_MIN } from './x12-850.js';

export interface EdiSenderOptions {
  /** Our interchange id (ISA06, GS02). */
  senderId: string;
  /** Our interchange id qualifier (ISA05). */
  senderQualifier: string;
  usageIndicator: 'P' | 'T';
  /** The clock for the envelope date and time; defaults to the system clock. */
  now?: () => Date;
}

export type EdiSendResult =
  | { ok: true; fileName: string; content: string; location: string }
  | { ok: false; errors: string[] };

/**
 * Sends a purchase order to its vendor as an X12 850: validates it, builds the interchange and delivers it.
 * The one control number given (allocated by the caller from the `edi_interchanges` identity) is used as the
 * interchange (ISA13), group (GS06) and transaction set (ST02) control number, so each is unique and a file
 * can be traced from any of its envelopes. Nothing is delivered when the order has errors.
 */
export class EdiSender {
  private readonly now: () => Date;

  constructor(
    private readonly transport: EdiTransport,
    private readonly options: EdiSenderOptions,
  ) {
    const id = options.senderId.trim();
    if (id.length < X12_MIN.interchangeId || id.length > X12_MAX.interchangeId) {
      throw new Error(
        `The EDI sender id must be ${X12_MIN.interchangeId} to ${X12_MAX.interchangeId} characters, got ${JSON.stringify(options.senderId)}`,
      );
    }
    if (options.senderQualifier.trim().length !== 2) {
      throw new Error(`The EDI sender qualifier must be 2 characters, got ${JSON.stringify(options.senderQualifier)}`);
    }
    if (options.usageIndicator !== 'P' && options.usageIndicator !== 'T') {
      throw new Error(`The EDI usage indicator must be P or T, got ${String(options.usageIndicator)}`);
    }
    this.now = options.now ?? (() => new Date());
  }

  async send(doc: PurchaseOrderDocument, controlNumber: number): Promise<EdiSendResult> {
    if (!Number.isSafeInteger(controlNumber) || controlNumber < 1 || controlNumber > 999_999_999) {
      throw new RangeError(`The EDI control number must be a whole number from 1 to 999999999, got ${controlNumber}`);
    }
    const errors = validatePurchaseOrderForEdi(doc);
    if (errors.length > 0) return { ok: false, errors };

    let content: string;
    try {
      content = buildPurchaseOrder850(doc, {
        sender: { id: this.options.senderId, qualifier: this.options.senderQualifier },
        receiver: { id: doc.vendor.ediInterchangeId ?? '', qualifier: doc.vendor.ediQualifier ?? '' },
        interchangeControlNumber: controlNumber,
        groupControlNumber: controlNumber,
        transactionControlNumber: controlNumber,
        usageIndicator: this.options.usageIndicator,
        now: this.now(),
      });
    } catch (error) {
      return { ok: false, errors: [`The EDI file could not be built: ${messageOf(error)}`] };
    }

    const fileName = ediFileName(doc.purchaseRefId, controlNumber);
    try {
      const { location } = await this.transport.deliver(fileName, content);
      return { ok: true, fileName, content, location };
    } catch (error) {
      return { ok: false, errors: [`The EDI file could not be delivered: ${messageOf(error)}`] };
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
