import {
  BIN_DEFAULTS,
  BIN_EXPORT_COLUMNS,
  BIN_MESSAGES,
  type exportBinsRoute,
  binNameOf,
  type TBin,
  type TBinsPage,
  ZBinsQuerySchema,
  ZCreateBinSchema,
  ZUpdateBinItemsSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, HttpError, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import type { AuthUser } from '../../http/register-route.js';
import { onceForScan } from '../client-scans/client-scans.js';
import { recordChanges, recordCreated, recordDeleted, type THistoryFields } from '../history/history.service.js';
import { BinRefusal, type Ledger } from '../ledger/ledger-writer.js';
import { LedgerWrites } from '../ledger/ledger-transaction.js';
import { renderBinLabelsPdf, renderBinLabelsZpl } from '../documents/bin-labels.js';
import { BinsRepository, type BinItemRow, type BinRow } from './bins.repository.js';

type TQuery = z.output<typeof ZBinsQuerySchema>;
type TCreate = z.output<typeof ZCreateBinSchema>;
type TUpdateItems = z.output<typeof ZUpdateBinItemsSchema>;

const DEFAULT_PER_PAGE = 25;

/** A bin as its history records it: where it is, and each product's quantity as `contents <model>`. */
function historyFields(bin: TBin): THistoryFields {
  return {
    binName: bin.binName,
    locationCode: bin.locationCode,
    conditionCode: bin.conditionCode,
    ...contentsOf(bin),
  };
}

const contentsOf = (bin: TBin): THistoryFields =>
  Object.fromEntries(bin.items.map((i) => [`contents ${i.model ?? i.productId}`, i.quantity]));

function toDto(bin: BinRow, items: BinItemRow[]): TBin {
  return {
    id: bin.id,
    binName: bin.binName,
    locationCode: bin.locationCode,
    conditionCode: bin.conditionCode,
    row: bin.row,
    bay: bin.bay,
    shelf: bin.shelf,
    items: items
      .filter((i) => i.binId === bin.id)
      .map((i) => ({
        productId: i.productId,
        model: i.model,
        upc: i.upc,
        alternateUpc: i.alternateUpc,
        quantity: i.quantity,
      })),
    totalQuantity: bin.totalQuantity,
    createdAt: bin.createdAt.toISOString(),
  };
}

/**
 * Bins and their contents (001 §5, §7, §8). A bin's contents change only through
 * `Ledger.moveBinContents`, in this service's transaction, all lines or none (docs/decisions.md, Bins).
 */
export class BinsService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  private repo(executor: Executor = this.db) {
    return new BinsRepository(executor);
  }

  async list(query: TQuery): Promise<TBinsPage> {
    const repo = this.repo();
    const perPage = query.perPage ?? DEFAULT_PER_PAGE;
    const page = query.page ?? 1;
    const filter = { locationCode: query.locationCode, searchTerm: query.searchTerm };
    const [rows, total] = await Promise.all([
      repo.list({
        ...filter,
        orderBy: query.orderBy ?? BIN_DEFAULTS.orderBy,
        sortDirection: query.sortDirection ?? BIN_DEFAULTS.sortDirection,
        limit: perPage,
        offset: (page - 1) * perPage,
      }),
      repo.count(filter),
    ]);
    const items = query.includeItems ? await repo.itemsOf(rows.map((r) => r.id)) : [];
    return { data: rows.map((r) => toDto(r, items)), total, page, perPage };
  }

  /** Every bin the list's filters match, in its sort, as a CSV or XLSX file (a page at a time). */
  export(query: z.output<typeof exportBinsRoute.query>) {
    const repo = this.repo();
    const pages = listPages(async (limit, offset) =>
      (
        await repo.list({
          locationCode: query.locationCode,
          searchTerm: query.searchTerm,
          orderBy: query.orderBy ?? BIN_DEFAULTS.orderBy,
          sortDirection: query.sortDirection ?? BIN_DEFAULTS.sortDirection,
          limit,
          offset,
        })
      ).map((r) => toDto(r, [])),
    );
    return listExportFile(query.format, pages, BIN_EXPORT_COLUMNS, 'bins');
  }

  private async dto(id: number, executor: Executor = this.db): Promise<TBin> {
    const repo = this.repo(executor);
    const bin = await repo.findById(id);
    if (!bin) throw notFound(BIN_MESSAGES.binNotFound);
    return toDto(bin, await repo.itemsOf([id]));
  }

  /** Creates a bin: the location must exist and hold the condition (422 naming the field); a name taken in it is a 409 naming binName. */
  async create(input: TCreate, user: AuthUser): Promise<TBin> {
    const binName = binNameOf(input.row, input.bay, input.shelf);
    const id = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      if (!(await repo.locationExists(input.locationCode))) {
        const message = BIN_MESSAGES.unknownLocation(input.locationCode);
        throw unprocessable(message, { locationCode: [message] });
      }
      const bucket = await repo.bucketOf(input.locationCode, input.conditionCode);
      if (!bucket) {
        const message = BIN_MESSAGES.unknownCondition(input.conditionCode, input.locationCode);
        throw unprocessable(message, { conditionCode: [message] });
      }
      const created = await repo.insert({
        binName,
        locationCode: input.locationCode,
        conditionCode: input.conditionCode,
        bucket,
        row: input.row,
        bay: input.bay,
        shelf: input.shelf,
        userId: user.id,
      });
      if (created === null) {
        const message = BIN_MESSAGES.duplicateName(binName, input.locationCode);
        throw conflict(message, { binName: [message] });
      }
      await recordCreated(tx, {
        entity: 'bin',
        recordId: created,
        userId: user.id,
        fields: historyFields(await this.dto(created, tx)),
      });
      return created;
    });
    return this.dto(id);
  }

  /** Deletes an empty bin (kept as a deleted row for its history); an unknown one is a 404, a bin holding units a 409, both naming `id`. */
  async remove(id: number, user: AuthUser): Promise<{ message: string; id: number }> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const bin = await repo.lock(id, 'update');
      if (!bin) throw new HttpError(404, BIN_MESSAGES.deleteUnknown, { id: [BIN_MESSAGES.deleteUnknown] });
      const units = await repo.unitsIn(id);
      if (units > 0) {
        const message = BIN_MESSAGES.deleteNotEmpty(units);
        throw conflict(message, { id: [message] });
      }
      await repo.markDeleted(id);
      const fields = { binName: bin.binName, locationCode: bin.locationCode, conditionCode: bin.conditionCode };
      await recordDeleted(tx, { entity: 'bin', recordId: id, userId: user.id, fields });
      return { message: `Bin ${bin.binName} deleted`, id };
    });
  }

  /**
   * Adds or removes the staged lines, all or none: each UPC (a product's UPC or alternate UPC) must exist ('UPC Not
   * Found', naming items.N.upc); lines of one product are summed; the ledger refuses a removal of a product the bin
   * does not hold or of more than it holds, and an addition beyond the bucket's unbinned on-hand, mapped here to the
   * spec's messages on the first line of that product. With a clientScanId it is applied once: a replay answers the
   * first answer (client-scans.ts).
   */
  async updateItems(binId: number, input: TUpdateItems, user: AuthUser): Promise<TBin> {
    const { clientScanId, ...request } = input;
    const scan = clientScanId
      ? {
          id: clientScanId,
          route: 'bin-items' as const,
          request: { binId, ...request, submittedBy: request.submittedBy ?? null },
        }
      : null;
    return this.writes.run((tx) =>
      onceForScan(tx, scan, async () => {
        const repo = this.repo(tx);
        const bin = await repo.lock(binId, 'share');
        if (!bin) throw new HttpError(404, BIN_MESSAGES.binNotFound, { binId: [BIN_MESSAGES.binNotFound] });
        const products = await repo.productsByUpc(input.items.map((i) => i.upc));
        const productOf = (upc: string) =>
          products.find((p) => p.upc === upc) ?? products.find((p) => p.alternateUpc === upc);
        const errors: Record<string, string[]> = {};
        const firstLine = new Map<number, number>();
        const totals = new Map<number, number>();
        input.items.forEach((item, index) => {
          const product = productOf(item.upc);
          if (!product) {
            errors[`items.${index}.upc`] = [BIN_MESSAGES.upcNotFound];
            return;
          }
          if (!firstLine.has(product.id)) firstLine.set(product.id, index);
          totals.set(product.id, (totals.get(product.id) ?? 0) + item.updateQty);
        });
        if (Object.keys(errors).length) throw unprocessable(BIN_MESSAGES.upcNotFound, errors);
        const sign = input.isAdding ? 1 : -1;
        const before = contentsOf(await this.dto(binId, tx));
        try {
          await this.ledger.moveBinContents({
            executor: tx,
            bin: { id: bin.id, bucket: bin.bucket },
            lines: [...totals].map(([productId, quantity]) => ({ productId, delta: sign * quantity })),
            reason: input.isAdding ? 'ASSIGN' : 'REMOVE',
            userId: user.id,
          });
        } catch (error) {
          if (!(error instanceof BinRefusal)) throw error;
          const index = firstLine.get(error.productId) ?? 0;
          if (error.code === 'bin-item-missing')
            throw unprocessable(BIN_MESSAGES.notInBin, { [`items.${index}.upc`]: [BIN_MESSAGES.notInBin] });
          if (error.code === 'bin-item-short')
            throw unprocessable(BIN_MESSAGES.removeTooMany, {
              [`items.${index}.updateQty`]: [BIN_MESSAGES.removeTooMany],
            });
          throw unprocessable(error.message, { [`items.${index}.updateQty`]: [error.message] });
        }
        // The bin as this change left it, read in its transaction (a replay answers this).
        const after = await this.dto(binId, tx);
        // Each product whose quantity moved: `contents <model>`, before and after (none when it was not or is no longer in the bin).
        const afterContents = contentsOf(after);
        for (const field of Object.keys(before)) afterContents[field] ??= null;
        await recordChanges(tx, { entity: 'bin', recordId: binId, userId: user.id, before, after: afterContents });
        return after;
      }),
    );
  }

  /** The labels of these bins (unknown or deleted ids are a 404 naming `ids`). */
  async labels(
    ids: number[],
    format: 'pdf' | 'zpl',
  ): Promise<{ body: Buffer | string; contentType: string; filename: string }> {
    const bins = await this.repo().findByIds(ids);
    const missing = ids.filter((id) => !bins.some((b) => b.id === id));
    if (missing.length) {
      const message = `No bin with id ${missing.join(', ')}`;
      throw new HttpError(404, message, { ids: [message] });
    }
    const labels = bins.map((b) => ({
      binName: b.binName,
      locationCode: b.locationCode,
      conditionCode: b.conditionCode,
    }));
    if (format === 'zpl')
      return {
        body: renderBinLabelsZpl(labels),
        contentType: 'application/zpl; charset=utf-8',
        filename: 'bin-labels.zpl',
      };
    return { body: await renderBinLabelsPdf(labels), contentType: 'application/pdf', filename: 'bin-labels.pdf' };
  }
}
