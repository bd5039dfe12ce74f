import {
  SAVED_VIEWS_PER_LIST_MAX,
  savedViewStateIssues,
  type TSavedView,
  type TSavedViewList,
  type TSavedViewState,
} from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { errorChain } from '../../db/error-chain.js';
import type { AuthUser } from '../../http/register-route.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { SavedViewsRepository, type SavedViewRow } from './saved-views.repository.js';

const toDto = (row: SavedViewRow): TSavedView => ({
  id: row.id,
  list: row.listKey as TSavedViewList,
  name: row.name,
  state: row.state,
  is_default: row.isDefault,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const nameTaken = (name: string) =>
  conflict(`You already have a view of this list named "${name}"`, {
    name: [`you already have a view of this list named "${name}"`],
  });

/** A unique index refusing a write that raced past the checks: the name (409 naming it) or the one default. */
function uniqueViolation(error: unknown, name: string | undefined): Error | null {
  const found = errorChain(error, 6).find((e) => e.code === '23505');
  if (!found) return null;
  const constraint = String(found.constraint_name ?? found.constraint ?? '');
  if (constraint.includes('saved_views_name_unique')) return nameTaken(name ?? '');
  if (constraint.includes('saved_views_one_default'))
    return conflict('Another view became the default at the same time; try again', { is_default: ['try again'] });
  return null;
}

/**
 * Saved views (docs/decisions.md, "Saved views"): personal only. Each person reads and changes only their own; another person's view
 * answers 404, as one that does not exist.
 */
export class SavedViewsService {
  constructor(private readonly db: Database) {}

  private async guard<T>(work: () => Promise<T>, name?: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw uniqueViolation(error, name) ?? error;
    }
  }

  private async own(repo: SavedViewsRepository, user: AuthUser, id: number): Promise<SavedViewRow> {
    const row = await repo.findOwnForUpdate(user.id, id);
    if (!row) throw notFound(`Saved view ${id} not found`);
    return row;
  }

  async list(user: AuthUser, list: TSavedViewList): Promise<{ data: TSavedView[] }> {
    const rows = await new SavedViewsRepository(this.db).list(user.id, list);
    return { data: rows.map(toDto) };
  }

  async create(
    user: AuthUser,
    input: { list: TSavedViewList; name: string; state: TSavedViewState; is_default?: boolean },
  ): Promise<TSavedView> {
    return this.guard(
      () =>
        this.db.transaction(async (tx) => {
          const repo = new SavedViewsRepository(tx);
          await repo.lockList(user.id, input.list);
          if ((await repo.count(user.id, input.list)) >= SAVED_VIEWS_PER_LIST_MAX)
            throw conflict(`You keep ${SAVED_VIEWS_PER_LIST_MAX} views of this list already; delete one first`, {
              list: [`at most ${SAVED_VIEWS_PER_LIST_MAX} views per list`],
            });
          if (await repo.nameTaken(user.id, input.list, input.name)) throw nameTaken(input.name);
          if (input.is_default) await repo.clearDefault(user.id, input.list);
          const row = await repo.insert({
            userId: user.id,
            listKey: input.list,
            name: input.name,
            state: input.state,
            isDefault: input.is_default ?? false,
          });
          return toDto(row);
        }),
      input.name,
    );
  }

  /** Renames a view and/or replaces its state (checked against its list: 400 naming the fields). */
  async update(user: AuthUser, id: number, input: { name?: string; state?: TSavedViewState }): Promise<TSavedView> {
    return this.guard(
      () =>
        this.db.transaction(async (tx) => {
          const repo = new SavedViewsRepository(tx);
          const view = await this.own(repo, user, id);
          if (input.state) {
            const issues = savedViewStateIssues(view.listKey as TSavedViewList, input.state);
            if (Object.keys(issues).length)
              throw badRequest(`Invalid request: ${Object.keys(issues).join(', ')}`, issues);
          }
          if (input.name !== undefined && (await repo.nameTaken(user.id, view.listKey, input.name, id)))
            throw nameTaken(input.name);
          return toDto(await repo.update(id, { name: input.name, state: input.state }));
        }),
      input.name,
    );
  }

  async remove(user: AuthUser, id: number): Promise<null> {
    await this.db.transaction(async (tx) => {
      const repo = new SavedViewsRepository(tx);
      await this.own(repo, user, id);
      await repo.delete(id);
    });
    return null;
  }

  /** Makes the view its list's default for its owner (the previous one stops being it), or clears it. */
  async setDefault(user: AuthUser, id: number, isDefault: boolean): Promise<TSavedView> {
    return this.guard(() =>
      this.db.transaction(async (tx) => {
        const repo = new SavedViewsRepository(tx);
        const view = await this.own(repo, user, id);
        if (isDefault) {
          await repo.lockList(user.id, view.listKey);
          await repo.clearDefault(user.id, view.listKey);
        }
        return toDto(await repo.update(id, { isDefault }));
      }),
    );
  }
}
