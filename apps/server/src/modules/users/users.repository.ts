import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { roles, users } from '../../db/schema.js';
import { roleChangeLog } from './role-change-log.js';

export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string | null;
  isActive: boolean;
  roleId: number;
  role: string;
}

export interface RoleChangeRow {
  id: number;
  userId: number;
  username: string;
  fromRole: string;
  toRole: string;
  changedById: number | null;
  changedBy: string | null;
  changedAt: Date;
}

const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  roleId: users.roleId,
  role: roles.roleName,
};

export class UsersRepository {
  constructor(private readonly db: Executor) {}

  async findByUsername(username: string): Promise<UserRow | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.username, username));
    return rows[0] ?? null;
  }

  async findByEmail(email: string): Promise<UserRow | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return rows[0] ?? null;
  }

  async findById(id: number): Promise<UserRow | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id));
    return rows[0] ?? null;
  }

  list(): Promise<UserRow[]> {
    return this.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .orderBy(asc(users.username));
  }

  listRoles(): Promise<{ id: number; roleName: string }[]> {
    return this.db.select().from(roles).orderBy(asc(roles.id));
  }

  async findRoleById(id: number): Promise<{ id: number; roleName: string } | null> {
    const rows = await this.db.select().from(roles).where(eq(roles.id, id));
    return rows[0] ?? null;
  }

  /** The user's row locked until the transaction ends (two changes of one user queue; the second sees the first's role). */
  async findByIdForUpdate(id: number): Promise<UserRow | null> {
    const rows = await this.db
      .select(userColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, id))
      .for('update', { of: users });
    return rows[0] ?? null;
  }

  /** Recent role changes, newest first, of one user or everyone (kept in record_changes: role-change-log.ts). */
  listRoleChanges(filter: { userId?: number; limit: number }): Promise<RoleChangeRow[]> {
    return this.db
      .select()
      .from(roleChangeLog)
      .where(filter.userId === undefined ? undefined : eq(roleChangeLog.userId, filter.userId))
      .orderBy(desc(roleChangeLog.changedAt), desc(roleChangeLog.id))
      .limit(filter.limit);
  }

  async setRole(userId: number, roleId: number): Promise<void> {
    await this.db.update(users).set({ roleId }).where(eq(users.id, userId));
  }

  /** Inserts the role strings that are missing; answers role name → id. */
  async ensureRoles(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length) {
      await this.db
        .insert(roles)
        .values(names.map((roleName) => ({ roleName })))
        .onConflictDoNothing();
    }
    const rows = await this.db.select().from(roles);
    return new Map(rows.map((r) => [r.roleName, r.id]));
  }

  async create(values: {
    username: string;
    email: string | null;
    passwordHash: string | null;
    roleId: number;
  }): Promise<number> {
    const [row] = await this.db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row!.n;
  }
}
