import {
  PICK_SUCCESS_MESSAGE,
  PICK_WARNINGS,
  pickAlreadyPickedMessage,
  pickBarcodeValue,
  saleAlreadyPickedMessage,
  shipPriorityLabel,
  type TAlreadyPickedItem,
  type TPickBin,
  type TPickItem,
  type TPrintedItem,
  ZPickBodySchema,
  ZPickListQuerySchema,
  ZPrintPickListSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import type { AuthUser } from '../../http/register-route.js';
import { pickListPdf, pickListZpl, printedBins, type PickListDocument } from '../documents/pick-list-document.js';
import { onceForScan } from '../client-scans/client-scans.js';
import { BinRefusal, type Ledger } from '../ledger/ledger-writer.js';
import { LedgerWrites } from '../ledger/ledger-transaction.js';
import { PickingRepository, type BinRow, type PickedRow, type PickRow } from './picking.repository.js';

type TPick = z.output<typeof ZPickBodySchema>;
type TPrint = z.output<typeof ZPrintPickListSchema>;
type TListQuery = z.output<typeof ZPickListQuerySchema>;

const iso = (d: Date | string | null) =>
  d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** The warning of an item (docs/decisions.md, Picking): no UPC, nothing on hand, or less than the quantity. */
export function pickWarning(
  row: Pick<PickRow, 'upc' | 'alternate_upc' | 'on_hand' | 'quantity' | 'source_bucket'>,
): string | null {
  if (!row.upc && !row.alternate_upc) return PICK_WARNINGS.noUpc;
  if (row.on_hand <= 0) return PICK_WARNINGS.nothingOnHand(row.source_bucket);
  if (row.on_hand < row.quantity) return PICK_WARNINGS.shortOnHand(row.source_bucket, row.on_hand, row.quantity);
  return null;
}

function binsFor(row: PickRow, bins: BinRow[]): TPickBin[] {
  return bins
    .filter((b) => b.product_id === row.product_id && b.bucket === row.source_bucket && b.quantity >= row.quantity)
    .map((b) => ({ binId: b.bin_id, binName: b.bin_name, quantity: b.quantity }));
}

function toItem(row: PickRow, bins: BinRow[]): TPickItem {
  const availableBins = binsFor(row, bins);
  return {
    pickListItemId: row.pick_list_item_id,
    transactionReferenceId: row.reference_id,
    tid: row.sale_id,
    model: row.model,
    title: row.title,
    invoice: row.invoice,
    productId: row.product_id,
    quantity: row.quantity,
    upc: row.upc,
    alternateUpc: row.alternate_upc,
    availableBins,
    suggestedBin: availableBins[0] ?? null,
    condition: row.condition,
    warehouse: row.warehouse,
    sourceBucket: row.source_bucket,
    isFreight: row.is_freight,
    isPrime: row.is_prime,
    isPremium: row.is_premium,
    isExpress: row.is_express,
    shipByDate: row.ship_by_date,
    printedAt: iso(row.printed_at),
    printedBy: row.printed_by,
    warning: pickWarning(row),
    pickListId: row.pick_list_id,
    itemMemberRefId: row.item_member_ref_id,
    itemGroupRefId: row.item_group_ref_id,
  };
}

function toPicked(row: PickedRow): TAlreadyPickedItem {
  return {
    id: row.id,
    ims_pick_list_id: row.pick_list_id,
    ims_transaction_reference_id: row.reference_id,
    picked_quantity: row.picked_quantity,
    picked_at: iso(row.picked_at)!,
    picked_by: row.picked_by,
    picked_bin_name: row.picked_bin_name,
    item_warehouse: row.item_warehouse,
    product: { id: row.product_id, model: row.model, product_title: row.title, upc: row.upc },
  };
}

/**
 * Picking and pick lists (001 §4/§5/§7/§8): the unprinted and printed boards, printing (all or none),
 * unprinting, the pick page's reads and the pick. Bin contents change only through `Ledger.moveBinContents`, in
 * the pick's transaction, after the pick list item row is locked (docs/decisions.md, Picking and pick lists).
 */
export class PickingService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  private repo(executor: Executor = this.db) {
    return new PickingRepository(executor);
  }

  private async withBins(rows: PickRow[], executor: Executor = this.db): Promise<TPickItem[]> {
    const bins = await this.repo(executor).binsHolding(
      rows.map((r) => ({ productId: r.product_id, bucket: r.source_bucket })),
    );
    return rows.map((r) => toItem(r, bins));
  }

  private static warehouseOf(w: string | undefined): string | null {
    return !w || w === 'ALL' ? null : w;
  }

  /** One page of the unprinted board (at most `limit`, 1000 by default) and how many there are in all. */
  async unprinted(query: TListQuery): Promise<{ unprinted_pick_list: TPickItem[]; total: number }> {
    const buckets = await this.repo().warehouseBuckets(PickingService.warehouseOf(query.warehouse));
    const [rows, total] = await Promise.all([
      this.repo().unprinted(buckets, query.limit, query.offset),
      this.repo().countUnprinted(buckets),
    ]);
    return { unprinted_pick_list: await this.withBins(rows), total };
  }

  async printed(query: TListQuery): Promise<{ printed_pick_list: TPickItem[]; total: number }> {
    const { rows, total } = await this.repo().printed(
      PickingService.warehouseOf(query.warehouse),
      query.limit,
      query.offset,
    );
    return { printed_pick_list: await this.withBins(rows), total };
  }

  /** GET item: a one-element list, or empty when the id is on no pick list (unprinted, or never printed). */
  async item(id: number): Promise<TPickItem[]> {
    const row = await this.repo().printedItem(id);
    return row ? this.withBins([row]) : [];
  }

  async alreadyPicked(id: number): Promise<{ picked_item: TAlreadyPickedItem | null }> {
    const row = await this.repo().picked(id);
    return { picked_item: row ? toPicked(row) : null };
  }

  /**
   * Prints items of one warehouse as a new pick list, all or none (001 §5 Printing): each named sale must exist, be
   * open, be in a warehouse bucket, be unprinted (printed items cannot be reprinted) and have no warning, and all
   * must be of one warehouse. Per-item errors are named `items.{i}` (422). The sales are locked in id order first, so
   * two prints of one sale queue and the second is refused.
   */
  async print(input: TPrint, user: AuthUser): Promise<TPrintedItem[]> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const references = input.items.map((i) => i.imsTransactionReferenceId);
      const rows = new Map((await repo.lockSales(references)).map((r) => [r.reference_id, r]));
      const bins = await repo.binsHolding(
        [...rows.values()].map((r) => ({ productId: r.product_id, bucket: r.source_bucket })),
      );
      const errors: Record<string, string[]> = {};
      const fail = (i: number, message: string) => (errors[`items.${i}`] = [message]);
      const firstValid = input.items.map((i) => rows.get(i.imsTransactionReferenceId)).find((r) => r && r.warehouse);
      const warehouse =
        (input.items.find((i) => i.itemWarehouse)?.itemWarehouse?.toUpperCase() ?? firstValid?.warehouse ?? '') || null;
      const seen = new Set<string>();
      input.items.forEach((item, i) => {
        const ref = item.imsTransactionReferenceId;
        const row = rows.get(ref);
        if (seen.has(ref)) return fail(i, `Committed sale ${ref} is listed twice`);
        seen.add(ref);
        if (!row) return fail(i, `Committed sale ${ref} not found`);
        if (row.transacted) return fail(i, `Committed sale ${ref} has been transacted: there is nothing to pick`);
        if (row.backordered)
          return fail(i, `Committed sale ${ref} is backordered: it is picked when its stock has arrived`);
        if (row.pick_list_item_id !== null) {
          return fail(
            i,
            `Committed sale ${ref} is already printed (${pickBarcodeValue(row.pick_list_item_id)} on pick list ${row.pick_list_id}): printed items cannot be reprinted`,
          );
        }
        if (item.itemWarehouse && item.itemWarehouse.toUpperCase() !== row.warehouse)
          return fail(i, `Committed sale ${ref} is in ${row.warehouse}, not ${item.itemWarehouse.toUpperCase()}`);
        if (warehouse && row.warehouse !== warehouse)
          return fail(
            i,
            `Committed sale ${ref} is in ${row.warehouse}: a pick list is for one warehouse (${warehouse})`,
          );
        if (
          (item.fkProductId && item.fkProductId !== row.product_id) ||
          (item.quantityRequested && item.quantityRequested !== row.quantity)
        ) {
          return fail(i, `Committed sale ${ref} has changed since the list was loaded: reload the pick list`);
        }
        const warning = pickWarning(row);
        if (warning) return fail(i, `${warning}: an item with a warning cannot be printed`);
        return undefined;
      });
      if (Object.keys(errors).length || !warehouse) {
        throw unprocessable(
          `${Object.keys(errors).length} of ${input.items.length} item(s) cannot be printed; nothing was printed`,
          errors,
        );
      }
      const pickListId = await repo.insertPickList(warehouse, user.id);
      const printed: TPrintedItem[] = [];
      for (const item of input.items) {
        const row = rows.get(item.imsTransactionReferenceId)!;
        const suggested = binsFor(row, bins)[0]?.binId ?? null;
        const id = await repo.insertItem(pickListId, row, suggested, user.id);
        printed.push({ ims_transaction_reference_id: row.reference_id, ims_pick_list_id: pickListId, id });
      }
      return printed;
    });
  }

  /** Unprint (bin:admin): the item's row is deleted, its sale is unprinted again. A picked item is refused (409). */
  async unprint(id: number): Promise<{ message: string; id: number }> {
    await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const item = await repo.lockItem(id);
      if (!item) throw new HttpError(404, `Pick list item ${id} not found`, { id: [`Pick list item ${id} not found`] });
      if (item.picked_at) {
        const message = `Pick list item ${id} has been picked: it cannot be unprinted`;
        throw conflict(message, { id: [message] });
      }
      await repo.deleteItem(id);
    });
    return { message: `Success: pick list item ${id} unprinted`, id };
  }

  /**
   * The pick (001 §4, §7): locks the pick list item row (a second picker waits here, then is refused: 'already been
   * picked'), refuses an item whose sale was transacted ('Committed sale … already been picked'), removes the
   * quantity from `actualPickedBinId` through the ledger module when given (one of the sale bucket's bins holding
   * it), and records the pick with the signed-in user, all in one transaction. A pick with a clientScanId is applied
   * once: a replay answers the first answer (client-scans.ts).
   */
  async pick(id: number, input: TPick, user: AuthUser): Promise<{ message: string; picked_item: TAlreadyPickedItem }> {
    const binId = input.actualPickedBinId ?? null;
    // A clientScanId (the scan outbox's replay after a network cut): claimed first, before the item's row lock.
    const scan = input.clientScanId
      ? {
          id: input.clientScanId,
          route: 'pick' as const,
          request: { pickListItemId: id, actualPickedBinId: binId, pickedBy: input.pickedBy ?? null },
        }
      : null;
    return this.writes.run((tx) =>
      onceForScan(tx, scan, async () => {
        const repo = this.repo(tx);
        const item = await repo.lockItem(id, binId);
        if (!item) throw notFound(`Pick list item ${id} not found: it may have been unprinted`);
        if (item.picked_at) throw conflict(pickAlreadyPickedMessage(id));
        if (item.transacted) throw conflict(saleAlreadyPickedMessage(item.reference_id));
        if (binId !== null) {
          if (item.bin_id === null || item.bin_bucket !== item.source_bucket) {
            const message = `Bin ${binId} is not one of the available bins of ${item.source_bucket}`;
            throw unprocessable(message, { actualPickedBinId: [message] });
          }
          try {
            await this.ledger.moveBinContents({
              executor: tx,
              bin: { id: item.bin_id, bucket: item.bin_bucket },
              lines: [{ productId: item.product_id, delta: -item.quantity_requested }],
              reason: 'PICK',
              userId: user.id,
              pickListItemId: id,
            });
          } catch (e) {
            if (e instanceof BinRefusal) {
              const message = `Bin ${item.bin_name}: ${e.message} The pick needs ${item.quantity_requested}.`;
              throw unprocessable(message, { actualPickedBinId: [message] });
            }
            throw e;
          }
        }
        const picked = await repo.markPicked(id, { userId: user.id, quantity: item.quantity_requested, binId });
        return { message: PICK_SUCCESS_MESSAGE, picked_item: toPicked(picked) };
      }),
    );
  }

  /** The printed pick list as a PDF or ZPL (001 §5 Printing: up to 3 bins, otherwise the suggested one). */
  async document(
    pickListId: number,
    format: 'pdf' | 'zpl',
  ): Promise<{ body: Buffer | string; contentType: string; filename: string }> {
    const repo = this.repo();
    const list = await repo.pickList(pickListId);
    if (!list) throw notFound(`Pick list ${pickListId} not found`);
    const items = await this.withBins(await repo.printedItemsOfList(pickListId));
    const doc: PickListDocument = {
      pickListId,
      warehouse: list.warehouse,
      printedAt: iso(list.printed_at)!.replace('T', ' ').slice(0, 16) + ' UTC',
      printedBy: list.printed_by,
      lines: items.map((item) => ({
        barcode: pickBarcodeValue(item.pickListItemId),
        model: item.model,
        title: item.title,
        quantity: item.quantity,
        bins: printedBins(
          item.availableBins.map((b) => b.binName),
          item.suggestedBin?.binName ?? null,
        ),
        priority: shipPriorityLabel(item),
        shipByDate: item.shipByDate,
        invoice: item.invoice,
        reference: item.transactionReferenceId,
      })),
    };
    if (format === 'zpl')
      return {
        body: pickListZpl(doc),
        contentType: 'application/zpl; charset=utf-8',
        filename: `pick-list-${pickListId}.zpl`,
      };
    return { body: await pickListPdf(doc), contentType: 'application/pdf', filename: `pick-list-${pickListId}.pdf` };
  }
}
