import {
  HISTORY_READ_ACCESS,
  hasAnyPermission,
  type THistoryEntity,
  type THistoryPage,
  type TRecordChange,
} from '@keystone/contracts';
import type { Database, Executor } from '../../db/database.js';
import type { AuthUser } from '../../http/register-route.js';
import { forbidden, notFound } from '../../http/errors.js';
import { HistoryRepository, type RecordChangeRow } from './history.repository.js';

export type { RecordChangeRow };
export { recordChangeSql } from './history.repository.js';

/** A record's fields as the API names them, values JSON (numbers, text, booleans, null, YYYY-MM-DD dates). */
export type THistoryFields = Record<string, unknown>;

export interface TRecordedChange {
  entity: THistoryEntity;
  recordId: number | string;
  userId: number | null;
  before: THistoryFields;
  after: THistoryFields;
  /** Prefixed to each field's name: a PO line's changes are kept on its PO as `line 12 qty`. */
  fieldPrefix?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A reference to another record as the history keeps it: its name as it was at the change, and its id (`Acme (#12)`),
 * so the entry reads in words and stays true after a rename. An unnamed one is its id alone (`#12`).
 */
export const namedRef = (id: number | null | undefined, name: string | null | undefined): string | null =>
  id === null || id === undefined ? null : name ? `${name} (#${id})` : `#${id}`;

/**
 * Writes one row per field of `after` whose value differs from `before`, for each change given (one insert for all),
 * on the caller's executor (its open transaction, so a refused or rolled-back change records nothing). Answers how
 * many fields changed.
 */
export async function recordChanges(tx: Executor, ...changes: TRecordedChange[]): Promise<number> {
  const rows = changes.flatMap((change) =>
    Object.keys(change.after)
      .filter((field) => !same(change.before[field], change.after[field]))
      .map((field) => ({
        entity: change.entity,
        recordId: String(change.recordId),
        userId: change.userId,
        field: `${change.fieldPrefix ?? ''}${field}`,
        before: change.before[field] ?? null,
        after: change.after[field] ?? null,
        note: null,
      })),
  );
  await new HistoryRepository(tx).insert(rows);
  return rows.length;
}

/**
 * A record's creation or deletion: its fields (the empty ones, empty lists too, left out) as the one value of field
 * `created`/`deleted`; with `fieldPrefix`, a part kept on its record (`line 12 created` on the line's PO).
 */
export interface TRecordedLifecycle {
  entity: THistoryEntity;
  recordId: number | string;
  userId: number | null;
  fields: THistoryFields;
  fieldPrefix?: string;
}

const filled = (fields: THistoryFields) =>
  Object.fromEntries(
    Object.entries(fields).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );

async function recordLifecycle(tx: Executor, field: 'created' | 'deleted', events: TRecordedLifecycle[]) {
  await new HistoryRepository(tx).insert(
    events.map((e) => ({
      entity: e.entity,
      recordId: String(e.recordId),
      userId: e.userId,
      field: `${e.fieldPrefix ?? ''}${field}`,
      before: field === 'deleted' ? filled(e.fields) : null,
      after: field === 'created' ? filled(e.fields) : null,
      note: null,
    })),
  );
}

/** Records the creation of records (field `created`, after = their fields), on the caller's transaction. */
export const recordCreated = (tx: Executor, ...events: TRecordedLifecycle[]) => recordLifecycle(tx, 'created', events);

/** Records the deletion of records (field `deleted`, before = their fields), on the caller's transaction. */
export const recordDeleted = (tx: Executor, ...events: TRecordedLifecycle[]) => recordLifecycle(tx, 'deleted', events);

/**
 * A record's changes and notes, newest first: for a reader in another module that answers them in its own shape (the
 * spec's contact history). The permission is the caller's to check.
 */
export async function readRecordChanges(
  executor: Executor,
  entity: THistoryEntity,
  recordId: number | string,
  limit: number,
): Promise<RecordChangeRow[]> {
  return new HistoryRepository(executor).page(entity, String(recordId), limit, 0);
}

const toDto = (row: RecordChangeRow): TRecordChange => ({
  id: row.id,
  at: row.at.toISOString(),
  user_id: row.userId,
  username: row.username,
  field: row.field,
  before: row.before ?? null,
  after: row.after ?? null,
  note: row.note,
});

export class HistoryService {
  constructor(private readonly db: Database) {}

  /** The record's own read permission (HISTORY_READ_ACCESS) for reading and for notes. */
  private checkAccess(user: AuthUser, entity: THistoryEntity) {
    if (!hasAnyPermission(user.role, HISTORY_READ_ACCESS[entity])) throw forbidden();
  }

  async page(
    user: AuthUser,
    entity: THistoryEntity,
    recordId: string,
    page: number,
    perPage: number,
  ): Promise<THistoryPage> {
    this.checkAccess(user, entity);
    const repo = new HistoryRepository(this.db);
    const [rows, total] = await Promise.all([
      repo.page(entity, recordId, perPage, (page - 1) * perPage),
      repo.total(entity, recordId),
    ]);
    return { data: rows.map(toDto), page, per_page: perPage, total };
  }

  async addNote(user: AuthUser, entity: THistoryEntity, recordId: string, note: string): Promise<TRecordChange> {
    this.checkAccess(user, entity);
    const repo = new HistoryRepository(this.db);
    if (!(await repo.exists(entity, recordId))) throw notFound(`${entity} ${recordId} does not exist`);
    const [row] = await repo.insert([
      { entity, recordId, userId: user.id, field: null, before: null, after: null, note },
    ]);
    return toDto({ ...row!, username: user.username });
  }
}
