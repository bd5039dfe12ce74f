import { ROLE_EDITOR_MESSAGES, ROLES, type TRoleChange, type TUser } from '@keystone/contracts';
import type { Database } from '../../db/database.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { hashPassword } from '../auth/password.js';
import { recordChanges } from '../history/history.service.js';
import { UsersRepository, type RoleChangeRow, type UserRow } from './users.repository.js';

export function toUserDto(row: UserRow): TUser {
  return { id: row.id, username: row.username, email: row.email, role: row.role, role_id: row.roleId };
}

function toRoleChangeDto(row: RoleChangeRow): TRoleChange {
  return {
    id: row.id,
    user_id: row.userId,
    username: row.username,
    from_role: row.fromRole,
    to_role: row.toRole,
    changed_by_id: row.changedById,
    changed_by: row.changedBy,
    changed_at: row.changedAt.toISOString(),
  };
}

export class UsersService {
  constructor(
    private readonly db: Database,
    /** Called once a change of who may do what has committed (the token cache forgets its answers). */
    private readonly onAuthChange: () => void = () => {},
  ) {}

  private repo(executor = this.db) {
    return new UsersRepository(executor);
  }

  async current(userId: number): Promise<TUser> {
    const row = await this.repo().findById(userId);
    if (!row) throw notFound('user not found');
    return toUserDto(row);
  }

  async list(): Promise<TUser[]> {
    return (await this.repo().list()).map(toUserDto);
  }

  async listRoles() {
    return (await this.repo().listRoles()).map((r) => ({ id: r.id, role_name: r.roleName }));
  }

  /**
   * Assigns a role (002 §6). `actor` is who asks: null only for the system (the demo loader). A user may not change
   * their own role (403). The user's row is locked, and a real change (a different role) is recorded in
   * record_changes in the same transaction; setting the role a user already has records nothing.
   */
  async changeRole(actor: { id: number } | null, userId: number, roleId: number): Promise<TUser> {
    if (actor && actor.id === userId) throw forbidden(ROLE_EDITOR_MESSAGES.ownRole);
    const changed = await this.db.transaction(async (tx) => {
      const repo = this.repo(tx);
      const role = await repo.findRoleById(roleId);
      if (!role) throw unprocessable('The given data was invalid.', { newRoleID: ['role does not exist'] });
      const user = await repo.findByIdForUpdate(userId);
      if (!user) throw notFound('user not found');
      if (user.roleId !== roleId) {
        await repo.setRole(userId, roleId);
        // Each role's own history: the user who left it and the user who joined it (field `user <username>`); the
        // role editor's per-user list reads the row on the role joined (role-change-log.ts).
        for (const recordId of [user.role, role.roleName]) {
          await recordChanges(tx, {
            entity: 'role',
            recordId,
            userId: actor?.id ?? null,
            before: { [`user ${user.username}`]: user.role },
            after: { [`user ${user.username}`]: role.roleName },
          });
        }
      }
      return toUserDto({ ...user, roleId, role: role.roleName });
    });
    // Cached token answers carry the old role (shared/token-cache.ts); other processes hear the database's trigger.
    this.onAuthChange();
    return changed;
  }

  /** Recent role changes, newest first (of one user, or everyone's). */
  async roleChanges(filter: { userId?: number; limit: number }): Promise<TRoleChange[]> {
    return (await this.repo().listRoleChanges(filter)).map(toRoleChangeDto);
  }

  /** Makes sure every role string of the catalogue exists as a row. */
  async ensureRoles(): Promise<Map<string, number>> {
    return this.repo().ensureRoles(ROLES);
  }

  async create(input: {
    username: string;
    password: string | null;
    role: string;
    email?: string | null;
  }): Promise<number> {
    const roleIds = await this.ensureRoles();
    const roleId = roleIds.get(input.role);
    if (!roleId) throw unprocessable('The given data was invalid.', { role: ['unknown role'] });
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    return this.repo().create({ username: input.username, email: input.email ?? null, passwordHash, roleId });
  }
}
