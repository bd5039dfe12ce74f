import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { accessTokens, loginAttempts, roles, users } from '../../db/schema.js';

export class AuthRepository {
  constructor(private readonly db: Executor) {}

  async insertToken(values: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
    await this.db.insert(accessTokens).values(values);
  }

  /** The active user behind a live token (not revoked, not expired). */
  async findLiveToken(tokenHash: string, now: Date) {
    const rows = await this.db
      .select({ userId: users.id, username: users.username, role: roles.roleName })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, now), eq(users.isActive, true)),
      );
    return rows[0] ?? null;
  }

  async revokeToken(tokenHash: string, now: Date): Promise<void> {
    await this.db.update(accessTokens).set({ revokedAt: now }).where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
  }

  async recordAttempt(username: string, succeeded: boolean, at: Date): Promise<void> {
    await this.db.insert(loginAttempts).values({ username, succeeded, attemptedAt: at });
  }

  /** Failed attempts for the username since `since` and since its last success. */
  async recentFailures(username: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.username, username),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.attemptedAt, since),
          sql`${loginAttempts.attemptedAt} > coalesce((select max(la.attempted_at) from login_attempts la where la.username = ${username} and la.succeeded), '-infinity'::timestamptz)`,
        ),
      );
    return row!.n;
  }
}
