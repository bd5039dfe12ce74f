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

export type EdiPrepareResult = { ok: true; fileName: string; content: string } | { ok: false; errors: string[] };

export type EdiSendResult =
  { ok: true; fileName: string; content: string; location: string } | { ok: false; errors: string[] };

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

  /**
   * Validates the order and builds its interchange, delivering nothing: the caller records the file in its
   * transaction (an outbox row) and delivers it with deliver() after the commit.
   */
  prepare(doc: PurchaseOrderDocument, controlNumber: number): EdiPrepareResult {
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
    return { ok: true, fileName: ediFileName(doc.purchaseRefId, controlNumber), content };
  }

  /**
   * Delivers a prepared interchange. Delivering the same file again is harmless (the folder transport keeps the
   * one already there), so an outbox row retried after a crash leaves one file. Throws what went wrong, in words.
   */
  async deliver(fileName: string, content: string): Promise<{ location: string }> {
    try {
      return await this.transport.deliver(fileName, content);
    } catch (error) {
      throw new Error(`The EDI file could not be delivered: ${messageOf(error)}`, { cause: error });
    }
  }

  /** prepare() and deliver() at once (no transaction in between): tools and tests. */
  async send(doc: PurchaseOrderDocument, controlNumber: number): Promise<EdiSendResult> {
    const prepared = this.prepare(doc, controlNumber);
    if (!prepared.ok) return prepared;
    try {
      const { location } = await this.deliver(prepared.fileName, prepared.content);
      return { ...prepared, location };
    } catch (error) {
      return { ok: false, errors: [messageOf(error)] };
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
