import {
  COMMITTED_SALE_EXPORT_COLUMNS,
  COMMITTED_SALE_MESSAGES,
  type exportCommittedSalesRoute,
  hasPermission,
  permissionDeniedMessage,
  requestedQuantityRangeMessage,
  saleNeedsSerialsMessage,
  serialInSaleMessage,
  serialInTransferMessage,
  saleOverOnHandMessage,
  backorderWaitsMessage,
  splitSerials,
  saleSerialsCompleteMessage,
  saleTransactedMessage,
  serialElsewhereMessage,
  serialNotForProductMessage,
  serialOnThisSaleMessage,
  upcMatches,
  type TCommittedSale,
  type TSaleSerialAdded,
  type TSaleTransacted,
  ZAddSaleSerialSchema,
  ZCommitSaleSchema,
  ZFinishInvoiceSchema,
  ZTransactSaleSchema,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.js';
import { conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import type { AuthUser } from '../../http/register-route.js';
import { onceForScan } from '../client-scans/client-scans.js';
import { type Ledger, LedgerRefusal } from '../ledger/ledger-writer.js';
import { LedgerWrites, type LedgerTx } from '../ledger/ledger-transaction.js';
import { ReservationsRepository } from '../reservations/reservations.repository.js';
import {
  CommittedSalesRepository,
  type CommittedSaleRow,
  type SaleProductRow,
  type SaleSerialRow,
  type SaleWithNames,
} from './committed-sales.repository.js';

type TCommit = z.output<typeof ZCommitSaleSchema>;
type TTransact = z.output<typeof ZTransactSaleSchema>;
type TFinish = z.output<typeof ZFinishInvoiceSchema>;
type TAddSerial = z.output<typeof ZAddSaleSerialSchema>;

/** Serials one unit of the product carries (0: not serial tracked). */
const perItemOf = (p: SaleProductRow) => (p.serialNumberTracked ? (p.numOfSerialsPerItem ?? 1) : 0);

/** The most sales one list answers. */
const LIST_LIMIT = 500;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const textOrNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

function toDto(
  { sale: s, product: p, committedByName, transactedByName }: SaleWithNames,
  serials: SaleSerialRow[],
): TCommittedSale {
  const own = serials.filter((x) => x.committedSaleId === s.id);
  return {
    id: s.id,
    ims_transaction_reference_id: s.referenceId,
    legacy_pos_invoice_id: s.legacyPosInvoiceId,
    product: {
      id: p.id,
      model: p.modelNumber,
      product_title: p.description,
      serial_number_tracked: p.serialNumberTracked ? 1 : 0,
      upc: p.upc,
      alternate_upc: p.alternateUpc,
      num_of_serials_per_item: p.numOfSerialsPerItem,
    },
    committed_quantity: s.committedQuantity,
    scanning_required: s.scanningRequired,
    source_bucket: s.sourceBucket,
    commit_notes: s.commitNotes,
    created_at: s.createdAt.toISOString(),
    committed_by_name: committedByName,
    serials: own.map((x) => ({
      serial_number: x.serialNumber,
      scanned_at: x.scannedAt.toISOString(),
      scanned_upc: x.scannedUpc,
      qc_complete: x.qcComplete,
      packed: x.packed,
      fk_inventory_serial_id: x.serialId,
    })),
    serials_needed: s.committedQuantity * perItemOf(p),
    transacted_at: iso(s.transactedAt),
    transacted_by_name: transactedByName,
    invoiced_by_name: s.invoicedByName,
    finish_notes: s.finishNotes,
    strict_mode: s.strictMode,
    is_prime: s.isPrime,
    is_premium: s.isPremium,
    is_express: s.isExpress,
    is_freight: s.isFreight,
    ship_by_date: s.shipByDate,
    item_member_ref_id: s.itemMemberRefId,
    item_group_ref_id: s.itemGroupRefId,
    unit_price_cents: s.unitPriceCents,
    sales_channel: s.salesChannel,
    ship_to_state: s.shipToState,
    backordered: s.backordered,
  };
}

/**
 * The ledger's refusal of a scanned serial in the spec's words (001 §8 Transfers, the texts a scan page shows): not
 * live or another product's, 'Inventory serial {s} does not exist for product {m}'; live in another bucket,
 * 'Inventory serial {s} according to records should be at {bucket}'. Both name scannedSerialNumbers.
 */
function serialRefusal(e: unknown, model: string): unknown {
  if (!(e instanceof LedgerRefusal)) return e;
  const serial = e.serials[0];
  if (serial && (e.code === 'serial-not-live' || (e.code === 'serial-not-in-bucket' && e.place === null))) {
    const message = serialNotForProductMessage(serial, model);
    return conflict(message, { scannedSerialNumbers: [message] });
  }
  if (serial && e.code === 'serial-not-in-bucket') {
    const message = serialElsewhereMessage(serial, e.place!);
    return conflict(message, { scannedSerialNumbers: [message] });
  }
  return e;
}

interface TransactOptions {
  strictMode: boolean;
  invoicedByName: string | null;
  finishNotes: string | null;
  user: AuthUser;
  /** When the sale happened, if not now (a loader of past documents: the demo's sales history). */
  at: Date | null;
}

/**
 * Committed sales (001 §5/§7/§8): the point of sale's intake, the open list, manual transact and
 * finish by invoice. Stock leaves only through `Ledger.postSale` (INVENTORY_SALE) in this service's transaction;
 * this module writes only its own tables (docs/decisions.md, Committed sales).
 */
export class CommittedSalesService {
  constructor(
    private readonly db: Database,
    /** The one entry of stock writes: the process's gate, the transaction, the rerun after a deadlock. */
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  private get ledger(): Ledger {
    return this.writes.ledger;
  }

  private repo(executor: Executor = this.db) {
    return new CommittedSalesRepository(executor);
  }

  private async dtos(referenceIds: string[], executor: Executor = this.db): Promise<TCommittedSale[]> {
    const rows = await this.repo(executor).findByReferences(referenceIds);
    const serials = await this.repo(executor).serialsOf(rows.map((r) => r.sale.id));
    return rows.map((r) => toDto(r, serials));
  }

  /**
   * The intake (one invoice line): the model and bucket must exist (422); serials, when given, belong to a
   * serial-tracked product and number quantity × serials per item. Reserves: the quantity must be available in the
   * source bucket (422 naming `quantity`) and no serial reserved by another open commitment (409 naming `serials`).
   */
  async commit(input: TCommit, user: AuthUser): Promise<TCommittedSale> {
    const referenceId = await this.writes.run(async (tx) => this.commitIn(tx, input, user));
    return (await this.dtos([referenceId]))[0]!;
  }

  /**
   * `commit`'s rules and writes in the caller's transaction (the quotes service converts a quote's units in its own):
   * answers the new sale's reference (CS-…); refusals are thrown as in `commit`.
   */
  async commitIn(tx: LedgerTx, input: TCommit, user: Pick<AuthUser, 'id'>): Promise<string> {
    const repo = this.repo(tx);
    const product = await repo.productByModel(input.model);
    if (!product)
      throw unprocessable(`Product ${input.model} does not exist`, { model: ['no product has this model'] });
    if (!(await repo.bucketExists(input.sourceBucket))) {
      const message = `Bucket ${input.sourceBucket} does not exist`;
      throw unprocessable(message, { sourceBucket: [message] });
    }
    const numbers = splitSerials(input.serials);
    const perItem = perItemOf(product);
    if (numbers.length && !perItem) {
      const message = `Model ${product.modelNumber} is not serial tracked: it sells without serials`;
      throw unprocessable(message, { serials: [message] });
    }
    if (numbers.length && numbers.length !== input.quantity * perItem) {
      const message = `Selling ${input.quantity} of model ${product.modelNumber} takes ${input.quantity * perItem} serial(s), not ${numbers.length}`;
      throw unprocessable(message, { serials: [message] });
    }
    const upper = numbers.map((n) => n.toUpperCase());
    const twice = upper.find((n, i) => upper.indexOf(n) !== i);
    if (twice) throw unprocessable(`Serial ${twice} is listed twice`, { serials: [`Serial ${twice} is listed twice`] });
    // Reservation (lock order: the source's on-hand row, then the serial numbers): the quantity must be available
    // (on-hand less open commitments from the bucket) and no serial reserved by another open commitment.
    const reservations = new ReservationsRepository(tx);
    const onHand = await this.ledger.lockOnHandForCommit(tx, product.id, input.sourceBucket);
    const available = onHand - (await reservations.committedFrom(product.id, input.sourceBucket));
    if (input.quantity > available) {
      const message = requestedQuantityRangeMessage(input.sourceBucket, available);
      throw unprocessable(message, { quantity: [message] });
    }
    if (numbers.length) {
      await this.ledger.lockSerialNumbers(tx, numbers);
      const [reserved] = await reservations.reservedSerials(numbers);
      if (reserved) {
        const message =
          reserved.kind === 'transfer'
            ? serialInTransferMessage(reserved.serialNumber, reserved.referenceId)
            : serialInSaleMessage(reserved.serialNumber, reserved.referenceId, reserved.invoice ?? '');
        throw conflict(message, { serials: [message] });
      }
    }
    const live = new Map((await this.ledger.liveSerials(tx, numbers)).map((s) => [s.serialNumber.toUpperCase(), s.id]));
    return repo.insert(
      {
        legacyPosInvoiceId: input.legacyPosInvoiceId,
        productId: product.id,
        sourceBucket: input.sourceBucket,
        committedQuantity: input.quantity,
        scanningRequired: perItem > 0,
        commitNotes: textOrNull(input.commitNotes),
        committedById: user.id,
        isPrime: input.isPrime ?? false,
        isPremium: input.isPremium ?? false,
        isExpress: input.isExpress ?? false,
        isFreight: input.isFreight ?? false,
        shipByDate: input.shipByDate ?? null,
        itemMemberRefId: textOrNull(input.itemMemberRefId),
        itemGroupRefId: textOrNull(input.itemGroupRefId),
        unitPriceCents: input.unitPriceCents ?? null,
        salesChannel: input.salesChannel ?? null,
        shipToState: input.shipToState ?? null,
      },
      numbers.map((n) => ({
        serialNumber: n,
        serialId: live.get(n.toUpperCase()) ?? null,
        scannedUpc: textOrNull(input.scannedUpc),
      })),
    );
  }

  /**
   * A converted quote's line (docs/decisions.md "Backorders from quotes"), in the caller's transaction: the
   * units available in the source bucket (on-hand less open commitments, read under the on-hand row's lock) are
   * committed as `commitIn` does; the rest, if any, become a backordered committed sale of the same line, which
   * reserves nothing and is no pick item until it is transacted. No serials (a quote has none). Answers the two
   * sales' references (null for a part that has no units).
   */
  async commitOrBackorderIn(
    tx: LedgerTx,
    input: TCommit,
    user: Pick<AuthUser, 'id'>,
  ): Promise<{ committed: string | null; backordered: string | null; backorderedQuantity: number }> {
    const repo = this.repo(tx);
    const product = await repo.productByModel(input.model);
    if (!product)
      throw unprocessable(`Product ${input.model} does not exist`, { model: ['no product has this model'] });
    if (!(await repo.bucketExists(input.sourceBucket))) {
      const message = `Bucket ${input.sourceBucket} does not exist`;
      throw unprocessable(message, { sourceBucket: [message] });
    }
    const available = await this.availableIn(tx, product.id, input.sourceBucket);
    const inStock = Math.max(0, Math.min(input.quantity, available));
    const committed =
      inStock > 0 ? await this.commitIn(tx, { ...input, quantity: inStock, serials: undefined }, user) : null;
    const short = input.quantity - inStock;
    if (short === 0) return { committed, backordered: null, backorderedQuantity: 0 };
    const backordered = await repo.insert(
      {
        legacyPosInvoiceId: input.legacyPosInvoiceId,
        productId: product.id,
        sourceBucket: input.sourceBucket,
        committedQuantity: short,
        scanningRequired: !!product.serialNumberTracked,
        commitNotes: textOrNull(input.commitNotes),
        committedById: user.id,
        shipByDate: input.shipByDate ?? null,
        unitPriceCents: input.unitPriceCents ?? null,
        salesChannel: input.salesChannel ?? null,
        shipToState: input.shipToState ?? null,
        backordered: true,
      },
      [],
    );
    return { committed, backordered, backorderedQuantity: short };
  }

  /** Units of a product free in a bucket: on-hand less the open commitments from it, under the on-hand row's lock. */
  private async availableIn(tx: LedgerTx, productId: number, bucket: string): Promise<number> {
    const onHand = await this.ledger.lockOnHandForCommit(tx, productId, bucket);
    return onHand - (await new ReservationsRepository(tx).committedFrom(productId, bucket));
  }

  async listOpen(search: string | undefined, limit = LIST_LIMIT, offset = 0): Promise<TCommittedSale[]> {
    const rows = await this.repo().listOpen(textOrNull(search) ?? undefined, limit, offset);
    const serials = await this.repo().serialsOf(rows.map((r) => r.sale.id));
    return rows.map((r) => toDto(r, serials));
  }

  /** Every open sale the board's search matches (not capped), oldest first, as a CSV or XLSX file (a page at a time). */
  export(query: z.output<typeof exportCommittedSalesRoute.query>) {
    const pages = listPages((limit, offset) => this.listOpen(query.search, limit, offset));
    return listExportFile(query.format, pages, COMMITTED_SALE_EXPORT_COLUMNS, 'committed-sales');
  }

  /**
   * Commits one scanned item's serials to an open sale that lacks them (docs/decisions.md "Committed serials by scan"): the UPC the product's, as many
   * serials as one unit carries, none already on the sale, and no more than the sale still needs; each serial live in
   * the sale's source bucket as its product (the ledger checks and locks it) and reserved by no other open commitment.
   * A reservation, like the intake's serials: nothing moves until the sale is transacted. Lock order: the sale row,
   * then the serial numbers, then the serial rows. A clientScanId is claimed first (onceForScan): a replay answers the
   * first answer and changes nothing; a refusal stores nothing.
   */
  async addSerial(referenceId: string, input: TAddSerial): Promise<TSaleSerialAdded> {
    const numbers = splitSerials(input.scannedSerialNumbers);
    const scan = input.clientScanId
      ? {
          id: input.clientScanId,
          route: 'sale-serial' as const,
          request: { ref: referenceId, scannedUpc: input.scannedUpc, serials: numbers },
        }
      : null;
    return this.writes.run((tx) =>
      onceForScan(tx, scan, async () => {
        const repo = this.repo(tx);
        const row = await repo.lockByReference(referenceId);
        if (!row) throw notFound(`Committed sale ${referenceId} not found`);
        if (row.transactedAt) {
          const message = saleTransactedMessage(row.referenceId);
          throw conflict(message, { ref: [message] });
        }
        const product = await repo.productById(row.productId);
        const perItem = perItemOf(product);
        if (!perItem) {
          const message = `Model ${product.modelNumber} is not serial tracked: it sells without serials`;
          throw unprocessable(message, { scannedSerialNumbers: [message] });
        }
        if (!upcMatches({ upc: product.upc, alternate_upc: product.alternateUpc }, input.scannedUpc)) {
          const message = `Scanned UPC ${input.scannedUpc} does not match model ${product.modelNumber}`;
          throw unprocessable(message, { scannedUpc: [message] });
        }
        if (numbers.length !== perItem) {
          const message = `Model ${product.modelNumber} takes ${perItem} serial(s) per item, not ${numbers.length}`;
          throw unprocessable(message, { scannedSerialNumbers: [message] });
        }
        const upper = numbers.map((n) => n.toUpperCase());
        const twice = upper.find((n, i) => upper.indexOf(n) !== i);
        if (twice) {
          const message = `Serial ${twice} is listed twice`;
          throw unprocessable(message, { scannedSerialNumbers: [message] });
        }
        const before = await repo.serialsOf([row.id]);
        const onSale = before.find((b) => upper.includes(b.serialNumber.toUpperCase()));
        if (onSale) {
          const message = serialOnThisSaleMessage(onSale.serialNumber);
          throw unprocessable(message, { scannedSerialNumbers: [message] });
        }
        if (before.length + numbers.length > row.committedQuantity * perItem) {
          const message = saleSerialsCompleteMessage(row.referenceId);
          throw conflict(message, { scannedSerialNumbers: [message] });
        }
        // Reservation: the numbers locked, then no other open commitment holds them; then the ledger's check.
        await this.ledger.lockSerialNumbers(tx, numbers);
        const [reserved] = await new ReservationsRepository(tx).reservedSerials(numbers, { exceptSaleId: row.id });
        if (reserved) {
          const message =
            reserved.kind === 'transfer'
              ? serialInTransferMessage(reserved.serialNumber, reserved.referenceId)
              : serialInSaleMessage(reserved.serialNumber, reserved.referenceId, reserved.invoice ?? '');
          throw conflict(message, { scannedSerialNumbers: [message] });
        }
        const live = await this.ledger
          .lockSerialsInBucket({
            executor: tx,
            productId: row.productId,
            bucket: row.sourceBucket,
            serials: numbers,
            numbersLocked: true,
          })
          .catch((e: unknown) => {
            throw serialRefusal(e, product.modelNumber);
          });
        await repo.addSerials(
          row.id,
          live.map((s) => ({ serialNumber: s.serialNumber, serialId: s.id, scannedUpc: input.scannedUpc })),
        );
        const sale = (await this.dtos([row.referenceId], tx))[0]!;
        return { message: 'Success' as const, committed_sale: sale };
      }),
    );
  }

  private options(input: TTransact, user: AuthUser): TransactOptions {
    const strictMode = input.strictMode ?? true;
    if (!strictMode && !hasPermission(user.role, 'admin:override'))
      throw forbidden(permissionDeniedMessage(user.role, 'admin:override'));
    const byId = input.invoicedById === undefined || input.invoicedById === null ? null : String(input.invoicedById);
    return {
      strictMode,
      invoicedByName: textOrNull(input.invoicedByName) ?? textOrNull(byId),
      finishNotes: textOrNull(input.finishNotes),
      user,
      at: null,
    };
  }

  /** Manually transacts one committed sale (001 §7); a sale transacted already answers that result, moving nothing. */
  async transact(referenceId: string, input: TTransact, user: AuthUser): Promise<TSaleTransacted> {
    const opts = this.options(input, user);
    const already = await this.writes.run(async (tx) => {
      const row = await this.repo(tx).lockByReference(referenceId);
      if (!row) throw notFound(`Committed sale ${referenceId} not found`);
      if (row.transactedAt) return true;
      await this.transactIn(tx, row, opts);
      return false;
    });
    return {
      message: COMMITTED_SALE_MESSAGES.transacted,
      already_transacted: already,
      committed_sales: await this.dtos([referenceId]),
    };
  }

  /**
   * Finishes a legacy POS invoice (001 §7): every open committed sale of it, in one database transaction, all or
   * none. 404 when the invoice has no committed sale; when all are transacted already, the earlier result.
   * `options.at`: when the invoice was finished, if not now (a loader of past documents: the demo's sales history):
   * the sales are transacted at that time and their INVENTORY_SALE rows carry it, so every report dates them alike.
   */
  async finishInvoice(input: TFinish, user: AuthUser, options: { at?: Date } = {}): Promise<TSaleTransacted> {
    const opts = { ...this.options(input, user), at: options.at ?? null };
    const { references, already } = await this.writes.run(async (tx) => {
      const rows = await this.repo(tx).lockByInvoice(input.legacyPosInvoiceId);
      if (!rows.length) throw notFound(`No committed sales for invoice ${input.legacyPosInvoiceId}`);
      // In the ledger's lock order, (product, bucket), so two finishes sharing products queue rather than deadlock.
      const byKey = (a: CommittedSaleRow, b: CommittedSaleRow) =>
        a.productId - b.productId ||
        (a.sourceBucket < b.sourceBucket ? -1 : a.sourceBucket > b.sourceBucket ? 1 : 0) ||
        a.id - b.id;
      const open = rows.filter((r) => !r.transactedAt).sort(byKey);
      for (const row of open) await this.transactIn(tx, row, opts);
      return { references: rows.map((r) => r.referenceId), already: open.length === 0 };
    });
    return {
      message: COMMITTED_SALE_MESSAGES.finished,
      already_transacted: already,
      committed_sales: await this.dtos(references),
    };
  }

  /**
   * One sale, in the caller's transaction (its row locked): strict mode's checks, INVENTORY_SALE through the ledger
   * (`{CS-…}/transact` as the request id), then the transacted fields. Refusals name the sale's reference.
   */
  private async transactIn(tx: LedgerTx, row: CommittedSaleRow, opts: TransactOptions): Promise<void> {
    const repo = this.repo(tx);
    const product = await repo.productById(row.productId);
    const serials = await repo.serialsOf([row.id]);
    const perItem = perItemOf(product);
    const needed = row.committedQuantity * perItem;
    const complete = perItem > 0 && serials.length === needed;
    if (opts.strictMode && perItem > 0 && !complete) {
      const message = saleNeedsSerialsMessage(row.referenceId, product.modelNumber, needed, serials.length);
      throw unprocessable(message, { serials: [message] });
    }
    if (row.backordered) {
      // A backorder reserved nothing: it sells only units no open commitment holds (they stay reserved for theirs).
      const available = await this.availableIn(tx, row.productId, row.sourceBucket);
      if (available < row.committedQuantity) {
        const message = backorderWaitsMessage(
          row.referenceId,
          row.committedQuantity,
          product.modelNumber,
          row.sourceBucket,
          Math.max(0, available),
        );
        throw conflict(message, { quantity: [message] });
      }
    }
    try {
      await this.ledger.postSale({
        executor: tx,
        referenceId: row.referenceId,
        productId: row.productId,
        fromBucket: row.sourceBucket,
        quantity: row.committedQuantity,
        // Strict mode off (admin:override) sells a serial-tracked product without its serials when they are incomplete.
        serials: complete ? serials.map((s) => s.serialNumber) : [],
        scannedUpc: serials[0]?.scannedUpc ?? null,
        userId: opts.user.id,
        clientRequestId: `${row.referenceId}/transact`,
        notes: opts.finishNotes ?? row.commitNotes,
        details: {
          committed_sale_id: row.id,
          legacy_pos_invoice_id: row.legacyPosInvoiceId,
          strict_mode: opts.strictMode,
        },
        at: opts.at,
      });
    } catch (e) {
      if (e instanceof LedgerRefusal && e.code === 'insufficient-on-hand') {
        const message = saleOverOnHandMessage(
          row.referenceId,
          row.committedQuantity,
          row.sourceBucket,
          await this.ledger.onHand(tx, row.productId, row.sourceBucket),
        );
        throw conflict(message, { quantity: [message] });
      }
      if (e instanceof LedgerRefusal) {
        const message = `${row.referenceId}: ${e.message}`;
        throw new LedgerRefusal(e.code, message, e.field, e.statusCode === 409 ? 409 : 422, e.serials, e.place);
      }
      throw e;
    }
    await repo.markTransacted(
      row.id,
      {
        transactedById: opts.user.id,
        invoicedByName: opts.invoicedByName,
        finishNotes: opts.finishNotes,
        strictMode: opts.strictMode,
      },
      opts.at,
    );
  }

  /** One committed sale by its reference (CS-…), open or transacted, with its serials; null when there is none. */
  async byReference(referenceId: string): Promise<TCommittedSale | null> {
    return (await this.dtos([referenceId]))[0] ?? null;
  }

  /**
   * A sales history (the demo loader): dates transacted sales as sold at `soldAt` (their created_at,
   * transacted_at and their serials' scanned_at). Their INVENTORY_SALE rows keep the time they were posted, so a
   * loader finishes the invoice at that time first (`finishInvoice`'s `at`): docs/decisions.md "Demo data: one dated
   * history".
   */
  async setSoldAt(referenceIds: string[], soldAt: Date, executor: Executor = this.db): Promise<number> {
    return this.repo(executor).setSoldAt(referenceIds, soldAt);
  }
}
