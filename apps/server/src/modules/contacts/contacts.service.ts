import {
  CONTACT_EXPORT_COLUMNS,
  CONTACT_FIELDS,
  CONTACT_MESSAGES,
  contactRuleErrors,
  type exportContactsRoute,
  phoneDigits,
  type TContact,
  type TContactEvent,
  type TContactField,
  type TContactSearchKey,
  type TContactSource,
} from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../http/errors.js';
import { listExportFile, listPages } from '../../http/list-export.js';
import { readRecordChanges, recordChanges, recordCreated, type RecordChangeRow } from '../history/history.service.js';
import { ContactsRepository, type ContactRow, type NamePrefixes, type NewContactRow } from './contacts.repository.js';

/** The contact fields as the routes hand them over (after the contract's shape check). */
export type ContactFieldsInput = Partial<Record<TContactField, string | null | undefined>>;

/** Wire field → row column. */
const COLUMN: Record<TContactField, Exclude<keyof ContactRow, 'id' | 'createdAt' | 'updatedAt'>> = {
  first_name: 'firstName',
  last_name: 'lastName',
  address: 'address',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  primary_phone: 'primaryPhone',
  secondary_phone: 'secondaryPhone',
  primary_email: 'primaryEmail',
  source: 'source',
};

export function toContactDto(row: ContactRow): TContact {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    primary_phone: row.primaryPhone,
    secondary_phone: row.secondaryPhone,
    primary_email: row.primaryEmail,
    source: row.source as TContactSource | null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const fieldOrder = (field: string) => {
  const index = (CONTACT_FIELDS as readonly string[]).indexOf(field);
  return index < 0 ? CONTACT_FIELDS.length : index;
};

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The contact's changes (the history module's record, docs/decisions.md "Who changed what") as the spec's events:
 * a `created` row is a created event; the field rows one update wrote (one transaction: the same time and user)
 * are one updated event. Notes are the history panel's, not events. Newest first.
 */
function toEvents(contactId: number, rows: RecordChangeRow[], size: number): TContactEvent[] {
  const events: TContactEvent[] = [];
  let open: { event: TContactEvent; at: number } | null = null;
  for (const row of rows) {
    if (row.field === null) continue;
    const at = row.at.getTime();
    const base = {
      contact_id: contactId,
      user_id: row.userId,
      username: row.username,
      created_at: row.at.toISOString(),
    };
    if (row.field === 'created') {
      const fields = (row.after ?? {}) as Record<string, unknown>;
      const changes = Object.fromEntries(Object.entries(fields).map(([f, v]) => [f, { from: null, to: text(v) }]));
      events.push({ id: row.id, event_type: 'created', changes, ...base });
      open = null;
      continue;
    }
    if (!open || open.at !== at || open.event.user_id !== row.userId) {
      open = { event: { id: row.id, event_type: 'updated', changes: {}, ...base }, at };
      events.push(open.event);
    }
    open.event.changes[row.field] = { from: text(row.before), to: text(row.after) };
  }
  // Answer the fields in form order.
  return events.slice(0, size).map((e) => ({
    ...e,
    changes: Object.fromEntries(Object.entries(e.changes).sort(([a], [b]) => fieldOrder(a) - fieldOrder(b))),
  }));
}

/** The stored form of a field: trimmed, '' is none, the state code upper-cased. */
export function normalizeField(field: TContactField, value: string | null | undefined): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  return field === 'state' ? text.toUpperCase() : text;
}

/**
 * How a name search reads its text: "Smith, Ann" is last name then first name; one word is the start of
 * the first or the last name; several words are a first name then a last name, split at any space
 * ("Mary Ann Smith": first "Mary Ann" + last "Smith", or first "Mary" + last "Ann Smith").
 */
export function nameAlternatives(value: string): NamePrefixes[] {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text) return [];
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    return last || first ? [{ ...(first ? { first } : {}), ...(last ? { last } : {}) }] : [];
  }
  const words = text.split(' ');
  if (words.length === 1) return [{ first: text }, { last: text }];
  return words.slice(1).map((_, i) => ({ first: words.slice(0, i + 1).join(' '), last: words.slice(i + 1).join(' ') }));
}

export class ContactsService {
  constructor(protected readonly db: Database) {}

  private repo(executor: Executor = this.db) {
    return new ContactsRepository(executor);
  }

  async byId(id: number): Promise<TContact> {
    const row = await this.repo().findById(id);
    if (!row) throw notFound(`contact ${id} does not exist`);
    return toContactDto(row);
  }

  async search(key: TContactSearchKey, value: string, size: number): Promise<TContact[]> {
    return (await this.searchPage(key, value)(size, 0)).map(toContactDto);
  }

  /** A page of a POST /contact/search's matches (by name, address or phone), by last then first name. */
  private searchPage(key: TContactSearchKey, value: string): (limit: number, offset: number) => Promise<ContactRow[]> {
    const repo = this.repo();
    if (key === 'name') {
      const names = nameAlternatives(value);
      return (limit, offset) => repo.searchByNames(names, limit, offset);
    }
    if (key === 'address') {
      const text = value.trim().replace(/\s+/g, ' ');
      return async (limit, offset) => (text ? repo.searchByAddress(text, limit, offset) : []);
    }
    // A phone search without digits matches nothing.
    const digits = phoneDigits(value);
    return async (limit, offset) => (digits ? repo.searchByPhoneDigits(digits, limit, offset) : []);
  }

  async searchByName(firstName: string, lastName: string, size: number): Promise<TContact[]> {
    return (await this.namePage(firstName, lastName)(size, 0)).map(toContactDto);
  }

  /** A page of a POST /contact/name's matches; 422 without a first or last name. */
  private namePage(firstName: string, lastName: string): (limit: number, offset: number) => Promise<ContactRow[]> {
    const first = firstName.trim().replace(/\s+/g, ' ');
    const last = lastName.trim().replace(/\s+/g, ' ');
    if (!first && !last) {
      throw unprocessable(CONTACT_MESSAGES.invalid, {
        firstName: [CONTACT_MESSAGES.nameSearchRequired],
        lastName: [CONTACT_MESSAGES.nameSearchRequired],
      });
    }
    const names = [{ ...(first ? { first } : {}), ...(last ? { last } : {}) }];
    return (limit, offset) => this.repo().searchByNames(names, limit, offset);
  }

  /** Every match of the contact search the screen ran, in its order, as a CSV or XLSX file (a page at a time). */
  export(query: z.output<typeof exportContactsRoute.query>) {
    const page =
      query.searchBy === 'name'
        ? this.namePage(query.firstName ?? '', query.lastName ?? '')
        : this.searchPage(query.searchBy, query.searchValue ?? '');
    const pages = listPages(async (limit, offset) => (await page(limit, offset)).map(toContactDto));
    return listExportFile(query.format, pages, CONTACT_EXPORT_COLUMNS, 'contacts');
  }

  /** Creates the contact and records its creation (the history's `created`) in one transaction. */
  async create(input: ContactFieldsInput, userId: number | null): Promise<TContact> {
    const errors = contactRuleErrors(input, { requireName: true });
    if (errors) throw unprocessable(CONTACT_MESSAGES.invalid, errors);
    const values: NewContactRow = {};
    const fields: Record<string, string | null> = {};
    for (const field of CONTACT_FIELDS) {
      const value = normalizeField(field, input[field]);
      (values as Record<string, string | null>)[COLUMN[field]] = value;
      fields[field] = value;
    }
    return this.db.transaction(async (tx) => {
      const row = await this.repo(tx).insert(values);
      await recordCreated(tx, { entity: 'contact', recordId: row.id, userId, fields });
      return toContactDto(row);
    });
  }

  /**
   * Changes the given fields; the changed ones are recorded (recordChanges: each field's old and new value) in the
   * same transaction. Nothing changed: nothing is written.
   */
  async update(id: number, input: ContactFieldsInput, userId: number | null): Promise<TContact> {
    return this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const row = await repo.findById(id, { forUpdate: true });
      if (!row) throw notFound(`contact ${id} does not exist`);
      const given = CONTACT_FIELDS.filter((field) => input[field] !== undefined);
      const merged: ContactFieldsInput = {};
      for (const field of CONTACT_FIELDS)
        merged[field] = input[field] !== undefined ? input[field] : row[COLUMN[field]];
      const errors =
        contactRuleErrors(Object.fromEntries(given.map((f) => [f, input[f]])), { requireName: false }) ?? {};
      const nameErrors = contactRuleErrors(
        { first_name: merged.first_name, last_name: merged.last_name },
        { requireName: true },
      );
      if (nameErrors) Object.assign(errors, nameErrors);
      if (Object.keys(errors).length) throw unprocessable(CONTACT_MESSAGES.invalid, errors);

      const values: Partial<NewContactRow> = {};
      const before: Record<string, string | null> = {};
      const after: Record<string, string | null> = {};
      for (const field of given) {
        const to = normalizeField(field, input[field]);
        const from = row[COLUMN[field]] as string | null;
        if (to === from) continue;
        (values as Record<string, string | null>)[COLUMN[field]] = to;
        before[field] = from;
        after[field] = to;
      }
      if (!Object.keys(after).length) return toContactDto(row);
      const updated = await repo.update(id, values);
      await recordChanges(tx, { entity: 'contact', recordId: id, userId, before, after });
      return toContactDto(updated);
    });
  }

  /** The contact's history as events, newest first (404 for an unknown contact). */
  async history(contactId: number, size: number): Promise<TContactEvent[]> {
    if (!(await this.repo().findById(contactId))) throw notFound(`contact ${contactId} does not exist`);
    // An event is at most one row per field; notes are skipped, so read a generous window.
    const rows = await readRecordChanges(this.db, 'contact', contactId, size * (CONTACT_FIELDS.length + 1) + 100);
    return toEvents(contactId, rows, size);
  }
}
