import { and, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { accessTokens, loginAddressCounters, loginAttempts, loginThrottle, roles, users } from '../../db/schema.js';

export class AuthRepository {
  constructor(private readonly db: Executor) {}

  async insertToken(values: { tokenHash: string; userId: number; expiresAt: Date }): Promise<void> {
    await this.db.insert(accessTokens).values(values);
  }

  /** The active user behind a live token (not revoked, not expired). */
  async findLiveToken(tokenHash: string, now: Date) {
    const rows = await this.db
      .select({ userId: users.id, username: users.username, role: roles.roleName, expiresAt: accessTokens.expiresAt })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(accessTokens.tokenHash, tokenHash),
          isNull(accessTokens.revokedAt),
          gt(accessTokens.expiresAt, now),
          eq(users.isActive, true),
        ),
      );
    return rows[0] ?? null;
  }

  async revokeToken(tokenHash: string, now: Date): Promise<void> {
    await this.db
      .update(accessTokens)
      .set({ revokedAt: now })
      .where(and(eq(accessTokens.tokenHash, tokenHash), isNull(accessTokens.revokedAt)));
  }

  async recordAttempt(username: string, succeeded: boolean, at: Date): Promise<void> {
    await this.db.insert(loginAttempts).values({ username, succeeded, attemptedAt: at });
  }

  /**
   * Takes a try for the username, atomically (one upsert, so parallel tries queue on the row): allowed while
   * fewer than `maxFailures` tries were taken inside the window, or once the progressive delay has passed.
   * A taken try counts as a failure until `clearUsername` (the password was right) says otherwise.
   * Every moment in the decision is the database's clock at this statement (`statement_timestamp()`), never the
   * calling process's: API processes on several machines disagree by seconds, and a moment read before an await
   * is stale by the time the row is reached; either let a try through before the delay was over.
   * Answers null when allowed, otherwise the seconds until the next try is checked.
   */
  async reserveUsernameTry(
    username: string,
    policy: { windowSeconds: number; maxFailures: number; delaySeconds: number; maxDelaySeconds: number },
  ): Promise<number | null> {
    // The wait before the next check once `n` tries are taken: none below the limit, then doubling up to the max
    // (the exponent is capped so that power() cannot overflow whatever the count).
    const delayAfter = (n: SQL) =>
      sql`make_interval(secs => case when ${n} >= ${policy.maxFailures}::int
        then least(${policy.maxDelaySeconds}::float8, ${policy.delaySeconds}::float8 * power(2::float8, least(${n} - ${policy.maxFailures}::int, 30))) else 0 end)`;
    // In ON CONFLICT … DO UPDATE every t.column is the row as it was, and excluded.window_started_at is this
    // statement's moment: the count restarts when its window is over.
    const at = sql`excluded.window_started_at`;
    const restart = sql`t.window_started_at <= ${at} - make_interval(secs => ${policy.windowSeconds}::float8)`;
    const failures = sql`(case when ${restart} then 1 else t.failures + 1 end)`;
    const rows = await queryRows<{ failures: number }>(
      this.db,
      sql`insert into login_throttle as t (username, failures, window_started_at, next_try_at)
          values (${username}, 1, statement_timestamp(), statement_timestamp() + ${delayAfter(sql`1`)})
          on conflict (username) do update set
            failures = ${failures},
            window_started_at = case when ${restart} then ${at} else t.window_started_at end,
            next_try_at = ${at} + ${delayAfter(failures)}
          where ${restart} or t.failures < ${policy.maxFailures}::int or t.next_try_at <= ${at}
          returning t.failures`,
    );
    if (rows.length) return null;
    const [row] = await queryRows<{ seconds: number | null }>(
      this.db,
      sql`select extract(epoch from next_try_at - clock_timestamp())::float8 as seconds from login_throttle where username = ${username}`,
    );
    return Math.max(1, Math.ceil(Number(row?.seconds ?? 1)));
  }

  /** The right password: the username's count starts over. */
  async clearUsername(username: string): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.username, username));
  }

  /**
   * Counts a try against the client address in its fixed window of `windowSeconds` (on the database's clock),
   * atomically, and answers the tries now counted in that window, this one included, with the window's start (for
   * `releaseAddressTry`). Never refuses: past the limit the password is still checked (see AuthService).
   */
  async countAddressTry(address: string, windowSeconds: number): Promise<{ failures: number; windowStartedAt: Date }> {
    const [row] = await queryRows<{ failures: number; window_epoch: number }>(
      this.db,
      sql`insert into login_address_counters as c (address, window_started_at, failures)
          values (${address}, to_timestamp(floor(extract(epoch from statement_timestamp()) / ${windowSeconds}::float8) * ${windowSeconds}::float8), 1)
          on conflict (address, window_started_at) do update set failures = c.failures + 1
          returning c.failures, extract(epoch from c.window_started_at)::float8 as window_epoch`,
    );
    return { failures: Number(row!.failures), windowStartedAt: new Date(Number(row!.window_epoch) * 1000) };
  }

  /** A try that turned out right does not count against the address. */
  async releaseAddressTry(address: string, windowStartedAt: Date): Promise<void> {
    await this.db
      .update(loginAddressCounters)
      .set({ failures: sql`${loginAddressCounters.failures} - 1` })
      .where(
        and(
          eq(loginAddressCounters.address, address),
          eq(loginAddressCounters.windowStartedAt, windowStartedAt),
          gt(loginAddressCounters.failures, 0),
        ),
      );
  }

  /** Deletes attempt, throttle and address rows that no longer count. */
  async prune(now: Date, usernameWindowSeconds: number, addressWindowSeconds: number): Promise<void> {
    const userCutoff = new Date(now.getTime() - usernameWindowSeconds * 1000);
    const addressCutoff = new Date(now.getTime() - addressWindowSeconds * 1000);
    await this.db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, userCutoff));
    await this.db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStartedAt, userCutoff), lt(loginThrottle.nextTryAt, now)));
    await this.db.delete(loginAddressCounters).where(lt(loginAddressCounters.windowStartedAt, addressCutoff));
  }
}
