import { sql } from 'drizzle-orm';
import { healthRoute } from '@keystone/contracts';
import { HttpError } from '../../http/errors.js';
import type { ModuleContext } from '../module-context.js';

/** Resolves true when the database answers `select 1` within `timeoutMs`, false when it fails or is too slow. */
export async function databaseAnswers(db: ModuleContext['db'], timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function registerHealthRoutes({ route, db, dbKind, config }: ModuleContext): void {
  route(healthRoute, async ({ reply }) => {
    if (!(await databaseAnswers(db, config.healthTimeoutMs))) {
      reply.header('retry-after', '5');
      throw new HttpError(503, `The database (${dbKind}) does not answer`);
    }
    return { status: 'ok' as const, database: dbKind };
  });
}
