import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { roles, users } from '../../db/schema.js';

export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string | null;
  isActive: boolean;
  roleId: number;
  role: string;
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
    const rows = await this.db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.username, username));
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
    const rows = await this.db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(eq(users.id, id));
    return rows[0] ?? null;
  }

  list(): Promise<UserRow[]> {
    return this.db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).orderBy(asc(users.username));
  }

  listRoles(): Promise<{ id: number; roleName: string }[]> {
    return this.db.select().from(roles).orderBy(asc(roles.id));
  }

  async findRoleById(id: number): Promise<{ id: number; roleName: string } | null> {
    const rows = await this.db.select().from(roles).where(eq(roles.id, id));
    return rows[0] ?? null;
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

  async create(values: { username: string; email: string | null; passwordHash: string | null; roleId: number }): Promise<number> {
    const [row] = await this.db.insert(users).values(values).returning({ id: users.id });
    return row!.id;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return row!.n;
  }
}
