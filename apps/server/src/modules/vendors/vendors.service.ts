import {
  EXCLUDED_VENDOR_ID,
  type exportVendorsRoute,
  VENDOR_EXPORT_COLUMNS,
  VENDOR_MESSAGES,
  ZVendorInputSchema,
  type TVendor,
} from '@keystone/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import { VendorsRepository, type VendorRow, type VendorValues } from './vendors.repository.js';
import { recordChanges, recordCreated } from '../history/history.service.js';

type TVendorInput = z.output<typeof ZVendorInputSchema>;

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

export function toVendorDto(row: VendorRow, terms: { id: number; type: string }[]): TVendor {
  return {
    id: row.id,
    company_name: row.companyName,
    vendor_type: row.vendorType as TVendor['vendor_type'],
    rep: row.rep,
    rep_email: row.repEmail,
    rep_phone: row.repPhone,
    dealer_number: row.dealerNumber,
    program_name: row.programName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
    fax_phone: row.faxPhone,
    notes: row.notes,
    default_terms: terms,
    edi_interchange_id: row.ediInterchangeId,
    edi_qualifier: row.ediQualifier,
    ableToSendViaEdi: !!(row.ediInterchangeId && row.ediQualifier),
  };
}

function values(input: TVendorInput): Partial<VendorValues> {
  const out: Partial<VendorValues> = {
    rep: blankToNull(input.rep),
    repEmail: blankToNull(input.rep_email),
    repPhone: blankToNull(
      input.rep_phone === undefined || input.rep_phone === null ? input.rep_phone : String(input.rep_phone),
    ),
    dealerNumber: blankToNull(input.dealer_number),
    address: blankToNull(input.address),
    address2: blankToNull(input.address2),
    city: blankToNull(input.city),
    state: blankToNull(input.state),
    zip: blankToNull(input.zip),
    country: blankToNull(input.country),
    faxPhone: blankToNull(input.fax_phone),
    notes: blankToNull(input.notes),
    ediInterchangeId: blankToNull(input.edi_interchange_id),
    ediQualifier: blankToNull(input.edi_qualifier),
  };
  if (input.company_name !== undefined && input.company_name !== null) out.companyName = input.company_name.trim();
  if (input.vendor_type) out.vendorType = input.vendor_type;
  if (input.program_name !== undefined) out.programName = blankToNull(input.program_name) ?? 'Default';
  for (const key of Object.keys(out) as (keyof VendorValues)[]) if (out[key] === undefined) delete out[key];
  return out;
}

/** A vendor's fields as its history compares them: the terms by name, the derived EDI flag left out. */
const historyFields = ({ id: _id, ableToSendViaEdi: _edi, default_terms, ...fields }: TVendor) => ({
  ...fields,
  default_terms: default_terms.map((t) => t.type).sort(),
});

const termIdsOf = (input: TVendorInput) => input.default_terms?.map((t) => (typeof t === 'number' ? t : t.id));

export class VendorsService {
  constructor(private readonly db: Database) {}

  async list(): Promise<TVendor[]> {
    const repo = new VendorsRepository(this.db);
    const rows = await repo.list(EXCLUDED_VENDOR_ID);
    const terms = await repo.defaultTerms(rows.map((r) => r.id));
    return rows.map((r) => toVendorDto(r, terms.get(r.id) ?? []));
  }

  /** The vendor table (its name filter as `search`), by company name, as a CSV or XLSX file (a page at a time). */
  export(query: z.output<typeof exportVendorsRoute.query>) {
    const repo = new VendorsRepository(this.db);
    const pages = listPages(async (limit, offset) => {
      const rows = await repo.page(EXCLUDED_VENDOR_ID, query.search || undefined, limit, offset);
      const terms = await repo.defaultTerms(rows.map((r) => r.id));
      return rows.map((r) => toVendorDto(r, terms.get(r.id) ?? []));
    });
    return listExportFile(query.format, pages, VENDOR_EXPORT_COLUMNS, 'vendors');
  }

  async get(id: number): Promise<TVendor> {
    const repo = new VendorsRepository(this.db);
    const row = await repo.findById(id);
    if (!row) throw notFound(`vendor ${id} does not exist`);
    return toVendorDto(row, (await repo.defaultTerms([id])).get(id) ?? []);
  }

  private async checkTerms(repo: VendorsRepository, ids: number[] | undefined) {
    if (!ids?.length) return;
    const found = new Set(await repo.existingTermIds(ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw unprocessable('The given data was invalid.', {
        default_terms: [`unknown PO terms: ${missing.join(', ')}`],
      });
  }

  /**
   * Company Name and Vendor Type are required; program name defaults to Default (000 §5). Its creation is recorded
   * (`userId` null: made by the system, as tests do).
   */
  async create(input: TVendorInput, userId: number | null = null): Promise<TVendor> {
    if (!input.company_name?.trim() || !input.vendor_type) {
      const errors: Record<string, string[]> = {};
      if (!input.company_name?.trim()) errors.company_name = [VENDOR_MESSAGES.createRequired];
      if (!input.vendor_type) errors.vendor_type = [VENDOR_MESSAGES.createRequired];
      throw unprocessable(VENDOR_MESSAGES.createRequired, errors);
    }
    return this.db.transaction(async (tx) => {
      const repo = new VendorsRepository(tx);
      const termIds = termIdsOf(input);
      await this.checkTerms(repo, termIds);
      const row = await repo.insert({ programName: 'Default', ...values(input) } as VendorValues);
      if (termIds) await repo.setDefaultTerms(row.id, [...new Set(termIds)]);
      const created = toVendorDto(row, (await repo.defaultTerms([row.id])).get(row.id) ?? []);
      await recordCreated(tx, { entity: 'vendor', recordId: row.id, userId, fields: historyFields(created) });
      return created;
    });
  }

  async update(id: number, input: TVendorInput, userId: number): Promise<TVendor> {
    if (input.company_name !== undefined && !input.company_name?.trim()) {
      throw unprocessable(VENDOR_MESSAGES.editNameRequired, { company_name: [VENDOR_MESSAGES.editNameRequired] });
    }
    return this.db.transaction(async (tx) => {
      const repo = new VendorsRepository(tx);
      const found = await repo.findById(id);
      if (!found) throw notFound(`vendor ${id} does not exist`);
      const before = toVendorDto(found, (await repo.defaultTerms([id])).get(id) ?? []);
      const termIds = termIdsOf(input);
      await this.checkTerms(repo, termIds);
      const changes = values(input);
      if (Object.keys(changes).length) await repo.update(id, changes);
      if (termIds) await repo.setDefaultTerms(id, [...new Set(termIds)]);
      const row = (await repo.findById(id))!;
      const after = toVendorDto(row, (await repo.defaultTerms([id])).get(id) ?? []);
      await recordChanges(tx, {
        entity: 'vendor',
        recordId: id,
        userId,
        before: historyFields(before),
        after: historyFields(after),
      });
      return after;
    });
  }

  async remove(id: number): Promise<void> {
    const repo = new VendorsRepository(this.db);
    if (!(await repo.findById(id))) throw notFound(`vendor ${id} does not exist`);
    await repo.softDelete(id);
  }

  async terms() {
    return (await new VendorsRepository(this.db).listTerms()).map((t) => ({ id: t.id, type: t.type }));
  }
}
