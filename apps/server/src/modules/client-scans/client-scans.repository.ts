import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

/** A scan's id, the route it was sent to and its request (path parameters and body, without the id). */
export interface ClientScan {
  id: string;
  route: 'pick' | 'bin-items' | 'sale-serial' | 'unreceive';
  request: Record<string, unknown>;
}

/** `client_scan_answers`: the one reader and writer of that table (client-scans.ts runs a scan once with it). */
export class ClientScansRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Claims the id for this request (true), or reads what was stored for it. A second send of one id while the first
   * is still in its transaction waits here on the primary key until that one commits (then it finds the answer) or
   * rolls back (then it claims the id itself).
   */
  async claim(scan: ClientScan): Promise<{ claimed: true } | { claimed: false; same: boolean; answer: unknown }> {
    const inserted = await queryRows<{ id: string }>(
      this.db,
      sql`insert into client_scan_answers (client_scan_id, route, request) values (${scan.id}, ${scan.route}, ${JSON.stringify(scan.request)}::jsonb)
          on conflict (client_scan_id) do nothing returning client_scan_id as id`,
    );
    if (inserted.length) return { claimed: true };
    const [row] = await queryRows<{ same: boolean; answer: unknown }>(
      this.db,
      sql`select (route = ${scan.route} and request = ${JSON.stringify(scan.request)}::jsonb) as same, answer
          from client_scan_answers where client_scan_id = ${scan.id}`,
    );
    return { claimed: false, same: row?.same ?? false, answer: row?.answer ?? null };
  }

  async record(id: string, answer: unknown): Promise<void> {
    await this.db.execute(
      sql`update client_scan_answers set answer = ${JSON.stringify(answer)}::jsonb where client_scan_id = ${id}`,
    );
  }

  /** Deletes the answers stored before `cutoff`; answers how many went. */
  async pruneBefore(cutoff: Date): Promise<number> {
    const gone = await queryRows<{ id: string }>(
      this.db,
      sql`delete from client_scan_answers where created_at < ${cutoff.toISOString()}::timestamptz returning client_scan_id as id`,
    );
    return gone.length;
  }
}
