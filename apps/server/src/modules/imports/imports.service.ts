import { createHash } from 'node:crypto';
import {
  deriveCode,
  EXCLUDED_VENDOR_ID,
  guessImportMapping,
  IMPORT_FIELDS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  normaliseHeader,
  type TImport,
  type TImportCounts,
  type TImportEntity,
  type TImportOutcome,
} from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import { csvFile, pagedRows, type TCsvColumn } from '../../http/csv-reply.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { FileAnswer } from '../../http/file-answer.js';
import {
  newProductRow,
  ProductCatalogueRepository,
  type ProductInsert,
} from '../catalog/product-catalogue.repository.js';
import { ContactsRepository, type NewContactRow } from '../contacts/contacts.repository.js';
import { recordChanges, recordCreated, type TRecordedChange } from '../history/history.service.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { LedgerWrites, type LedgerTx } from '../ledger/ledger-transaction.js';
import type { OpeningBalance } from '../ledger/ledger-writer.js';
import { VendorsRepository, type VendorValues } from '../vendors/vendors.repository.js';
import { readImportFile } from './import-file.js';
import {
  checkContact,
  checkProduct,
  checkStock,
  checkVendor,
  contactKey,
  contactRecord,
  productKey,
  productRecord,
  readYesNo,
  stockKey,
  vendorKey,
  vendorRecord,
  type RowCells,
  type RowPlan,
  type StockContext,
} from './import-rules.js';
import {
  ImportsRepository,
  type ImportRow,
  type NewImportRowPlan,
  type PlanRow,
  type ProductRecord,
} from './imports.repository.js';

export const IMPORT_JOB_KIND = 'imports.apply';

type Mapping = Record<string, string | null>;
interface ApplyPayload {
  importId: number;
}
export interface ApplyResult {
  created: number;
  updated: number;
  skipped: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A file's layout: the hash of its sorted, normalised header names. */
export const layoutHashOf = (headers: string[]) => sha256(headers.map(normaliseHeader).sort().join('\n'));

/**
 * The fields of a row whose text differs from the stored record's (in the export's text form), as its history's
 * before and after: an import's update recorded as the API's updates are, field by field (empty = null).
 */
function changedFields(data: Record<string, string>, stored: Record<string, string>) {
  const before: Record<string, string | null> = {};
  const after: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(data)) {
    if ((stored[field] ?? '') === value) continue;
    before[field] = stored[field] || null;
    after[field] = value || null;
  }
  return { before, after };
}

const cents = (text: string | undefined) => (text === undefined || text === '' ? null : Math.round(Number(text) * 100));
const orNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

function dto(row: ImportRow, rows: PlanRow[]): TImport {
  return {
    id: row.id,
    entity: row.entity as TImportEntity,
    file_name: row.fileName,
    file_hash: row.fileHash,
    headers: row.headers,
    mapping: row.mapping,
    mapping_source: row.mappingSource as TImport['mapping_source'],
    status: row.status as TImport['status'],
    job_id: row.jobId,
    counts: row.counts as TImportCounts,
    total_rows: row.totalRows,
    rows: rows.map((r) => ({
      row: r.row,
      key: r.key,
      outcome: r.outcome as TImportOutcome,
      reasons: r.reasons,
      changes: r.changes,
    })),
    created_at: row.createdAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
  };
}

/**
 * Moving a store in (docs/decisions.md "Imports"): a dry run reads a file, maps its columns and plans each row by
 * the forms' rules, storing the plan; a confirm queues a job that applies the plan's create and update rows, matched
 * again by their natural keys (so nothing is imported twice). Opening stock is posted through the ledger module
 * (`Ledger.postOpeningBalances`, a page at a time) inside `LedgerWrites.run`, the one entry of stock writes.
 */
export class ImportsService {
  private jobs: JobQueue | null = null;
  /** Rows a page of the confirm: one set-based write and one progress step each (tests lower it). */
  pageRows = 1_000;
  /** Rows a dry run plans and stores at a time. */
  dryRunChunkRows = 10_000;

  constructor(
    private readonly db: Database,
    private readonly writes: LedgerWrites = new LedgerWrites(db),
  ) {}

  useJobQueue(jobs: JobQueue): void {
    this.jobs = jobs;
    jobs.register<ApplyPayload, ApplyResult, LedgerTx>(
      IMPORT_JOB_KIND,
      (ctx) => this.apply(ctx.executor, ctx.payload.importId, (done, total) => ctx.progress(done, total)),
      {
        onFailed: async (tx, payload) => {
          await new ImportsRepository(tx).setStatus(payload.importId, { status: 'failed' });
        },
        // Opening stock is a stock write: the job's one transaction goes through the ledger's entry.
        transaction: (work) => this.writes.run(work),
      },
    );
  }

  // ---- Mapping. ----

  private parseMapping(entity: TImportEntity, text: string, headers: string[]): Mapping {
    let given: unknown;
    try {
      given = JSON.parse(text);
    } catch {
      throw badRequest(IMPORT_MESSAGES.mappingNotJson, { mapping: [IMPORT_MESSAGES.mappingNotJson] });
    }
    if (!given || typeof given !== 'object' || Array.isArray(given))
      throw badRequest(IMPORT_MESSAGES.mappingNotJson, { mapping: [IMPORT_MESSAGES.mappingNotJson] });
    const fields = new Set(IMPORT_FIELDS[entity].map((f) => f.key));
    const mapping: Mapping = Object.fromEntries(headers.map((h) => [h, null]));
    const used = new Set<string>();
    for (const [header, field] of Object.entries(given as Record<string, unknown>)) {
      if (field === null || field === '') continue;
      if (typeof field !== 'string' || !fields.has(field))
        throw badRequest(IMPORT_MESSAGES.mappingUnknownField(String(field)), {
          mapping: [IMPORT_MESSAGES.mappingUnknownField(String(field))],
        });
      if (used.has(field))
        throw badRequest(IMPORT_MESSAGES.mappingTwice(field), { mapping: [IMPORT_MESSAGES.mappingTwice(field)] });
      used.add(field);
      if (header in mapping) mapping[header] = field;
    }
    return mapping;
  }

  // ---- Dry run. ----

  async dryRun(
    entity: TImportEntity,
    file: { filename: string; bytes: Buffer },
    mappingText: string | undefined,
    userId: number,
  ): Promise<TImport> {
    const table = await readImportFile(file.filename, file.bytes);
    const layoutHash = layoutHashOf(table.headers);
    const repo = new ImportsRepository(this.db);
    let mapping: Mapping;
    let source: TImport['mapping_source'];
    const saved = mappingText === undefined ? await repo.savedMapping(entity, layoutHash) : null;
    if (mappingText !== undefined) {
      mapping = this.parseMapping(entity, mappingText, table.headers);
      source = 'given';
    } else if (saved) {
      mapping = Object.fromEntries(table.headers.map((h) => [h, saved[h] ?? null]));
      source = 'saved';
    } else {
      mapping = guessImportMapping(entity, table.headers);
      source = 'guessed';
    }
    const columns = table.headers.map((h) => mapping[h] ?? null);
    const cellsOf = (cells: string[]): RowCells => {
      const out: RowCells = {};
      columns.forEach((field, i) => {
        if (field) out[field] = cells[i] ?? '';
      });
      return out;
    };
    // A key seen in an earlier row: this row is refused (the first one is planned).
    const firstRow = new Map<string, number>();
    const keyField = IMPORT_FIELDS[entity][0]!.key;
    // A serial is live in one place: a serial an earlier row of this file brings in is refused.
    const serialRow = new Map<string, number>();
    const counts: TImportCounts = { create: 0, update: 0, unchanged: 0, refused: 0 };
    // Planned and stored a chunk of rows at a time, so the plans of a large file are not all held at once.
    const id = await this.db.transaction(async (tx) => {
      const txRepo = new ImportsRepository(tx);
      const id = await txRepo.insertImport({
        entity,
        fileName: file.filename,
        fileHash: sha256(file.bytes),
        layoutHash,
        headers: table.headers,
        mapping,
        mappingSource: source,
        counts,
        totalRows: table.rows.length,
        createdById: userId,
      });
      for (let at = 0; at < table.rows.length; at += this.dryRunChunkRows) {
        const rows = table.rows
          .slice(at, at + this.dryRunChunkRows)
          .map((r) => ({ line: r.line, cells: cellsOf(r.cells) }));
        const plans = await this.plan(
          entity,
          rows.map((r) => r.cells),
          tx,
        );
        const planned: NewImportRowPlan[] = rows.map((r, i) => {
          const plan = plans[i]!;
          const serial = entity === 'opening-stock' ? plan.data.serial_number?.toUpperCase() : undefined;
          if (serial) {
            const seen = serialRow.get(serial);
            if (seen === undefined) serialRow.set(serial, r.line);
            else if (plan.outcome !== 'refused') {
              plan.outcome = 'refused';
              (plan.reasons.serial_number ??= []).push(IMPORT_MESSAGES.serialInFile(seen));
            }
          }
          const first = plan.key ? firstRow.get(plan.key) : undefined;
          if (plan.key && first === undefined) firstRow.set(plan.key, r.line);
          if (first !== undefined) {
            plan.outcome = 'refused';
            (plan.reasons[keyField] ??= []).push(IMPORT_MESSAGES.duplicateRow(first));
          }
          counts[plan.outcome as TImportOutcome] += 1;
          return {
            row: r.line,
            key: plan.key,
            outcome: plan.outcome,
            reasons: plan.reasons,
            changes: plan.changes,
            data: plan.data,
          };
        });
        await txRepo.insertRows(id, planned);
      }
      await txRepo.setCounts(id, counts);
      if (Object.values(mapping).some(Boolean)) await txRepo.saveMapping(entity, layoutHash, mapping);
      return id;
    });
    return this.get(id, { offset: 0, limit: IMPORT_LIMITS.pageRows });
  }

  /** Each row's plan against the database as it is now (reads only). */
  private async plan(entity: TImportEntity, rows: RowCells[], executor: Executor = this.db): Promise<RowPlan[]> {
    const repo = new ImportsRepository(executor);
    switch (entity) {
      case 'products': {
        const existing = new Map(
          (await repo.productsByModels([...new Set(rows.map(productKey).filter(Boolean))])).map((p) => [
            p.model_number.toUpperCase(),
            p,
          ]),
        );
        const byName = async (t: 'brands' | 'categories' | 'manufacturers') =>
          new Map((await repo.names(t)).map((n) => [n.name.toLowerCase(), n.name]));
        const names = {
          brand: await byName('brands'),
          category: await byName('categories'),
          manufacturer: await byName('manufacturers'),
        };
        return rows.map((cells) => checkProduct(cells, existing.get(productKey(cells)), names));
      }
      case 'vendors': {
        const found = await repo.vendorsByNames([...new Set(rows.map(vendorKey).filter(Boolean))], EXCLUDED_VENDOR_ID);
        const byKey = new Map<string, typeof found>();
        for (const v of found) {
          const key = v.company_name.trim().toLowerCase();
          byKey.set(key, [...(byKey.get(key) ?? []), v]);
        }
        return rows.map((cells) => checkVendor(cells, byKey.get(vendorKey(cells)) ?? []));
      }
      case 'contacts': {
        const keys = rows.map((c) => contactKey(c));
        const found = await repo.contactsByKeys(
          keys.filter((k) => k && !k.startsWith('name:')),
          keys.filter((k) => k.startsWith('name:')).map((k) => k.slice(5)),
        );
        const byKey = new Map<string, (typeof found)[number]>();
        for (const c of found) {
          const key = contactKey(c);
          if (!byKey.has(key)) byKey.set(key, c);
        }
        return rows.map((cells, i) => checkContact(cells, byKey.get(keys[i]!)));
      }
      case 'opening-stock': {
        const ctx = await this.stockContext(repo, rows);
        return rows.map((cells) => checkStock(cells, ctx));
      }
    }
  }

  private async stockContext(repo: ImportsRepository, rows: RowCells[]): Promise<StockContext> {
    const models = [...new Set(rows.map((c) => (c.model_number ?? '').trim().toUpperCase()).filter(Boolean))];
    const products = new Map(
      (await repo.productsByModels(models)).map((p) => [
        p.model_number.toUpperCase(),
        {
          id: p.id,
          model: p.model_number,
          tracked: p.serial_number_tracked,
          serialsPerUnit: p.num_of_serials_per_item ?? 1,
        },
      ]),
    );
    const serials = [...new Set(rows.map((c) => (c.serial_number ?? '').trim()).filter(Boolean))];
    const quantityKeys = rows.filter((c) => !(c.serial_number ?? '').trim()).map(stockKey);
    return {
      buckets: await repo.bucketNames(),
      products,
      bins: await repo.bins(),
      live: await repo.liveSerials(serials),
      opening: await repo.openingKeys([...new Set(quantityKeys)]),
    };
  }

  // ---- Reads. ----

  async get(id: number, page: { offset: number; limit: number; outcome?: TImportOutcome }): Promise<TImport> {
    const repo = new ImportsRepository(this.db);
    const row = await repo.findImport(id);
    if (!row) throw notFound(IMPORT_MESSAGES.notFound(id));
    return dto(row, await repo.planRows(id, page));
  }

  // ---- Confirm and apply. ----

  async confirm(id: number, userId: number): Promise<{ import_id: number; job_id: number; message: string }> {
    if (!this.jobs) throw new Error('the job queue is not wired');
    const jobs = this.jobs;
    const jobId = await this.db.transaction(async (tx) => {
      const repo = new ImportsRepository(tx);
      const row = await repo.findImport(id, { lock: true });
      if (!row) throw notFound(IMPORT_MESSAGES.notFound(id));
      if (row.status !== 'dry-run') throw conflict(IMPORT_MESSAGES.notDryRun(row.status));
      const job = await jobs.enqueue(tx, {
        kind: IMPORT_JOB_KIND,
        payload: { importId: id },
        createdById: userId,
        maxAttempts: 1,
      });
      await repo.setStatus(id, { status: 'queued', jobId: job.id });
      return job.id;
    });
    return { import_id: id, job_id: jobId, message: IMPORT_MESSAGES.confirmed(jobId) };
  }

  /**
   * Applies an import's create and update rows in the job's one transaction, a page at a time, each row matched again
   * by its key: a row whose record now exists updates it, one already as the file says is skipped (so applying twice,
   * or a second file alike, writes nothing twice).
   */
  async apply(tx: LedgerTx, importId: number, progress: (done: number, total: number) => void): Promise<ApplyResult> {
    const repo = new ImportsRepository(tx);
    const row = await repo.findImport(importId, { lock: true });
    if (!row) throw notFound(IMPORT_MESSAGES.notFound(importId));
    const counts = row.counts as TImportCounts;
    const total = counts.create + counts.update;
    const result: ApplyResult = { created: 0, updated: 0, skipped: 0 };
    const names = new NameCache(tx);
    // Serials posted by this job, and when the stock tables' statistics are taken again.
    const stats = { posted: 0, nextAnalyze: 5_000 };
    // Opening stock in key order (a product's serials together), the other entities in file order.
    const byKey = row.entity === 'opening-stock';
    if (byKey) await repo.orderRowsByKey(importId);
    let after = 0;
    let done = 0;
    progress(0, total);
    for (;;) {
      const page = byKey
        ? await repo.rowsToApplyByKey(importId, after, this.pageRows)
        : await repo.rowsToApply(importId, after, this.pageRows);
      if (!page.length) break;
      after = byKey ? (page.at(-1) as PlanRow & { ord: number }).ord : page.at(-1)!.row;
      const plans = await this.plan(
        row.entity as TImportEntity,
        page.map((r) => r.data),
        tx,
      );
      const entity = row.entity as TImportEntity;
      if (entity === 'opening-stock') await this.applyStock(tx, row, page, plans, result, stats);
      else if (entity === 'products') await this.applyProducts(tx, plans, names, result, row.createdById);
      else
        for (let i = 0; i < page.length; i++) {
          const plan = plans[i]!;
          if (plan.outcome === 'unchanged' || plan.outcome === 'refused') {
            result.skipped += 1;
            continue;
          }
          if (entity === 'vendors') await this.applyVendor(tx, plan, row.createdById);
          else await this.applyContact(tx, plan, row.createdById);
          result[plan.outcome === 'create' ? 'created' : 'updated'] += 1;
        }
      done += page.length;
      progress(done, total);
    }
    await repo.setStatus(importId, { status: 'applied', appliedAt: new Date() });
    return result;
  }

  /**
   * A page of products, set-based: each row matched again by its model (one read), brands, categories and
   * manufacturers resolved by name, then the new products in one insert and the changed ones in one update per set
   * of fields. Each new product's creation is recorded with the file's fields, each changed one's fields with their
   * values before and after (one insert for the page).
   */
  private async applyProducts(
    tx: Executor,
    plans: RowPlan[],
    names: NameCache,
    result: ApplyResult,
    userId: number | null,
  ): Promise<void> {
    const applied = plans.filter((p) => p.outcome === 'create' || p.outcome === 'update');
    result.skipped += plans.length - applied.length;
    const existing = new Map(
      (await new ImportsRepository(tx).productsByModels(applied.map((p) => p.data.model_number!))).map((p) => [
        p.model_number.toUpperCase(),
        p,
      ]),
    );
    const inserts: ProductInsert[] = [];
    const created: RowPlan[] = [];
    const updates: { id: number; values: Partial<ProductInsert> }[] = [];
    const changes: TRecordedChange[] = [];
    for (const plan of applied) {
      const values = await this.productValues(plan, names);
      const stored = existing.get(plan.data.model_number!.toUpperCase());
      if (stored !== undefined) {
        updates.push({ id: stored.id, values });
        const change = changedFields(plan.data, productRecord(stored));
        changes.push({ entity: 'product', recordId: stored.id, userId, ...change });
      } else {
        inserts.push(newProductRow(values));
        created.push(plan);
      }
      result[plan.outcome === 'create' ? 'created' : 'updated'] += 1;
    }
    const repo = new ProductCatalogueRepository(tx);
    const ids = await repo.insertMany(inserts);
    await recordCreated(
      tx,
      ...ids.map((id, i) => ({ entity: 'product' as const, recordId: id, userId, fields: created[i]!.data })),
    );
    await repo.updateMany(updates);
    await recordChanges(tx, ...changes);
  }

  /** A product row's values as stored: only the fields the file gives. */
  private async productValues(plan: RowPlan, names: NameCache): Promise<Partial<ProductInsert>> {
    const d = plan.data;
    const values: Partial<ProductInsert> = {};
    const set = <K extends keyof ProductInsert>(key: K, value: ProductInsert[K] | undefined) => {
      if (value !== undefined) values[key] = value;
    };
    set('modelNumber', d.model_number);
    set('description', d.description);
    if ('upc' in d) set('upc', orNull(d.upc));
    if ('status' in d) set('status', d.status);
    if ('item_type' in d) set('itemType', d.item_type);
    if ('serial_number_tracked' in d) set('serialNumberTracked', readYesNo(d.serial_number_tracked!) ?? false);
    if ('current_cost' in d) set('currentCostCents', cents(d.current_cost) ?? 0);
    if ('spiff' in d) set('spiffCents', cents(d.spiff) ?? 0);
    if ('msrp' in d) set('msrpCents', cents(d.msrp));
    if ('map' in d) set('mapCents', cents(d.map));
    if ('minimum_price' in d) set('minimumPriceCents', cents(d.minimum_price));
    if ('part_number' in d) set('partNumber', orNull(d.part_number));
    if ('sku' in d) set('sku', orNull(d.sku));
    if ('asin' in d) set('asin', orNull(d.asin));
    if ('box_qty' in d) set('boxQty', Number(d.box_qty));
    if (d.brand) set('brandId', await names.id('brands', d.brand));
    if (d.category) set('categoryId', await names.id('categories', d.category));
    if (d.manufacturer) set('manufacturerId', await names.id('manufacturers', d.manufacturer));
    return values;
  }

  private async applyVendor(tx: Executor, plan: RowPlan, userId: number | null): Promise<void> {
    const d = plan.data;
    const values: Partial<VendorValues> = {};
    const column: Record<string, keyof VendorValues> = {
      company_name: 'companyName',
      vendor_type: 'vendorType',
      rep: 'rep',
      rep_email: 'repEmail',
      rep_phone: 'repPhone',
      dealer_number: 'dealerNumber',
      program_name: 'programName',
      address: 'address',
      address2: 'address2',
      city: 'city',
      state: 'state',
      zip: 'zip',
      country: 'country',
      fax_phone: 'faxPhone',
      notes: 'notes',
    };
    for (const [field, value] of Object.entries(d))
      if (column[field]) (values as Record<string, string>)[column[field]] = value;
    const [existing] = await new ImportsRepository(tx).vendorsByNames([plan.key], EXCLUDED_VENDOR_ID);
    const repo = new VendorsRepository(tx);
    if (existing) {
      await repo.update(existing.id, values);
      const change = changedFields(d, vendorRecord(existing));
      await recordChanges(tx, { entity: 'vendor', recordId: existing.id, userId, ...change });
    } else {
      const row = await repo.insert({ programName: 'Default', ...values } as VendorValues);
      await recordCreated(tx, { entity: 'vendor', recordId: row.id, userId, fields: d });
    }
  }

  private async applyContact(tx: Executor, plan: RowPlan, userId: number | null): Promise<void> {
    const d = plan.data;
    const column: Record<string, keyof NewContactRow> = {
      first_name: 'firstName',
      last_name: 'lastName',
      primary_email: 'primaryEmail',
      primary_phone: 'primaryPhone',
      secondary_phone: 'secondaryPhone',
      address: 'address',
      address2: 'address2',
      city: 'city',
      state: 'state',
      zip: 'zip',
      source: 'source',
    };
    const key = plan.key;
    const [existing] = await new ImportsRepository(tx).contactsByKeys(
      key.startsWith('name:') ? [] : [key],
      key.startsWith('name:') ? [key.slice(5)] : [],
    );
    const before = existing ? contactRecord(existing) : {};
    const values: Partial<NewContactRow> = {};
    const from: Record<string, string | null> = {};
    const to: Record<string, string> = {};
    for (const [field, value] of Object.entries(d)) {
      if (!column[field] || (before[field] ?? '') === value) continue;
      (values as Record<string, string>)[column[field]] = value;
      from[field] = before[field] || null;
      to[field] = value;
    }
    const repo = new ContactsRepository(tx);
    if (existing) {
      if (!Object.keys(values).length) return;
      await repo.update(existing.id, values);
      await recordChanges(tx, { entity: 'contact', recordId: existing.id, userId, before: from, after: to });
    } else {
      const created = await repo.insert(values as NewContactRow);
      await recordCreated(tx, { entity: 'contact', recordId: created.id, userId, fields: to });
    }
  }

  /**
   * Opening stock, a page in one call of `Ledger.postOpeningBalances`: a row without serial is an
   * INVENTORY_OPENING_BALANCE of its own (its key in the details, so a second import of it is seen); rows with serials
   * are posted together per product, bucket and bin (at most 5,000 serials a ledger row), their row numbers in the
   * details.
   */
  private async applyStock(
    tx: LedgerTx,
    imp: ImportRow,
    page: PlanRow[],
    plans: RowPlan[],
    result: ApplyResult,
    stats: { posted: number; nextAnalyze: number },
  ): Promise<void> {
    const ledger = this.writes.ledger;
    const repo = new ImportsRepository(tx);
    const products = new Map(
      (await repo.productsByModels([...new Set(plans.map((p) => p.data.model_number!))])).map((p) => [
        p.model_number.toUpperCase(),
        p.id,
      ]),
    );
    const bins = await repo.bins();
    const entries: OpeningBalance[] = [];
    const groups = new Map<
      string,
      { productId: number; bucket: string; bin: OpeningBalance['bin']; serials: string[]; rows: number[] }
    >();
    for (let i = 0; i < page.length; i++) {
      const plan = plans[i]!;
      if (plan.outcome !== 'create') {
        result.skipped += 1;
        continue;
      }
      const d = plan.data;
      const productId = products.get(d.model_number!.toUpperCase())!;
      const bin = d.bin ? (bins.get(`${d.bucket}|${d.bin.toUpperCase()}`) ?? null) : null;
      const row = page[i]!.row;
      if (!d.serial_number) {
        entries.push({
          productId,
          bucket: d.bucket!,
          quantity: Number(d.quantity),
          serials: [],
          bin,
          notes: `Opening stock: import ${imp.id} row ${row}`,
          details: { import_id: imp.id, row, rows: [row], key: plan.key },
        });
        continue;
      }
      const groupKey = `${productId}|${d.bucket}|${bin?.id ?? ''}`;
      const group = groups.get(groupKey) ?? { productId, bucket: d.bucket!, bin, serials: [], rows: [] };
      group.serials.push(d.serial_number);
      group.rows.push(row);
      groups.set(groupKey, group);
    }
    for (const g of groups.values())
      for (let i = 0; i < g.serials.length; i += 5_000) {
        const serials = g.serials.slice(i, i + 5_000);
        const rows = g.rows.slice(i, i + 5_000);
        entries.push({
          productId: g.productId,
          bucket: g.bucket,
          quantity: serials.length,
          serials,
          bin: g.bin,
          notes: `Opening stock: import ${imp.id} ${rows.length > 1 ? `${rows.length} rows` : `row ${rows[0]}`}`,
          details: { import_id: imp.id, row: rows[0], rows },
        });
      }
    // The statistics again each time the serials posted by this job double: the plans stay on the indexes.
    if (stats.posted >= stats.nextAnalyze) {
      await ledger.refreshStatistics(tx);
      stats.nextAnalyze = stats.posted * 2;
    }
    await ledger.postOpeningBalances({ executor: tx, userId: imp.createdById, entries });
    for (const e of entries) {
      stats.posted += e.serials.length;
      result.created += e.serials.length || 1;
    }
  }

  // ---- Export. ----

  /** Every row of the entity as CSV in the import's own columns, through the one CSV writer. */
  async export(entity: TImportEntity): Promise<FileAnswer> {
    const columns: TCsvColumn[] = IMPORT_FIELDS[entity].map((f) => ({ key: f.key, header: f.key }));
    const repo = new ImportsRepository(this.db);
    const name = `${entity}-${new Date().toISOString().slice(0, 10)}.csv`;
    switch (entity) {
      case 'products':
        return csvFile(
          {
            rows: (async function* () {
              const pages = pagedRows(
                (after: ProductRecord | null) => repo.productsPage(after?.model_number ?? null, 2_000),
                2_000,
              );
              for await (const p of pages) yield productRecord(p);
            })(),
          },
          columns,
          name,
        );
      case 'vendors':
        return csvFile({ rows: (await repo.allVendors(EXCLUDED_VENDOR_ID)).map(vendorRecord) }, columns, name);
      case 'contacts':
        return csvFile({ rows: (await repo.allContacts()).map(contactRecord) }, columns, name);
      case 'opening-stock':
        return csvFile({ rows: await this.stockRows(repo) }, columns, name);
    }
  }

  /**
   * Stock as opening-stock rows: a row per live serial (bins' units given to the serials of their product in order),
   * and for products without serials a row per bin holding some and one for the rest of the bucket.
   */
  private async stockRows(repo: ImportsRepository): Promise<Record<string, string>[]> {
    const binned = new Map<string, { bin: string; quantity: number }[]>();
    for (const b of await repo.binContents()) {
      const key = `${b.product_id}|${b.bucket}`;
      binned.set(key, [...(binned.get(key) ?? []), { bin: b.bin, quantity: Number(b.quantity) }]);
    }
    const out: Record<string, string>[] = [];
    for (const s of await repo.stockWithoutSerials()) {
      let rest = Number(s.on_hand);
      for (const b of binned.get(`${s.product_id}|${s.bucket}`) ?? []) {
        out.push({
          bucket: s.bucket,
          model_number: s.model_number,
          serial_number: '',
          quantity: String(b.quantity),
          bin: b.bin,
        });
        rest -= b.quantity;
      }
      if (rest > 0)
        out.push({
          bucket: s.bucket,
          model_number: s.model_number,
          serial_number: '',
          quantity: String(rest),
          bin: '',
        });
    }
    const left = new Map<string, { bin: string; quantity: number }[]>();
    for (const s of await repo.liveSerialStock()) {
      const key = `${s.product_id}|${s.bucket}`;
      if (!left.has(key))
        left.set(
          key,
          (binned.get(key) ?? []).map((b) => ({ ...b })),
        );
      const bins = left.get(key)!;
      const bin = bins.find((b) => b.quantity > 0);
      if (bin) bin.quantity -= 1;
      out.push({
        bucket: s.bucket,
        model_number: s.model_number,
        serial_number: s.serial_number,
        quantity: '1',
        bin: bin?.bin ?? '',
      });
    }
    return out;
  }
}

/** Brands, categories and manufacturers by name (any case) within an apply, made when missing. */
class NameCache {
  private readonly ids = new Map<string, number>();
  constructor(private readonly tx: Executor) {}

  async id(table: 'brands' | 'categories' | 'manufacturers', name: string): Promise<number> {
    const key = `${table}|${name.toLowerCase()}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const repo = new ProductCatalogueRepository(this.tx);
    let id: number;
    if (table === 'manufacturers') {
      const [found] = await repo.manufacturerByName(name);
      id = found ? found.id : (await repo.insertManufacturer(name)).id;
    } else {
      const [found] =
        table === 'brands' ? await repo.brandByNameOrCode(name, null) : await repo.categoryByNameOrCode(name, null);
      if (found) id = found.id;
      else {
        // A free code derived from the name, as the brand and category forms make one (…_2, _3 when taken).
        const base = deriveCode(name) || (table === 'brands' ? 'BRAND' : 'CATEGORY');
        const taken = await repo.takenCodes(table, base);
        let code = base;
        for (let n = 2; taken.has(code); n++) code = `${base.slice(0, 50 - `_${n}`.length)}_${n}`;
        id = table === 'brands' ? (await repo.insertBrand(name, code)).id : (await repo.insertCategory(name, code)).id;
      }
    }
    this.ids.set(key, id);
    return id;
  }
}
