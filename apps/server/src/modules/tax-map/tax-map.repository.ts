import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { platformStateTaxMap, users } from '../../db/schema.js';

export interface TaxCellRow {
  platformCode: string;
  stateCode: string;
  collectAndRemitTax: number;
  updatedAt: Date;
  updatedBy: string | null;
}

const cellColumns = {
  platformCode: platformStateTaxMap.platformCode,
  stateCode: platformStateTaxMap.stateCode,
  collectAndRemitTax: platformStateTaxMap.collectAndRemitTax,
  updatedAt: platformStateTaxMap.updatedAt,
  updatedBy: users.username,
};

export class TaxMapRepository {
  constructor(private readonly db: Executor) {}

  /** Every saved cell, with the username of who saved it. */
  list(): Promise<TaxCellRow[]> {
    return this.db
      .select(cellColumns)
      .from(platformStateTaxMap)
      .leftJoin(users, eq(users.id, platformStateTaxMap.updatedById));
  }

  /** Saves one cell (insert or update, one statement) and answers it. */
  async upsert(cell: {
    platformCode: string;
    stateCode: string;
    collectAndRemitTax: 0 | 1;
    updatedById: number | null;
  }): Promise<TaxCellRow> {
    const [row] = await this.db
      .insert(platformStateTaxMap)
      .values({ ...cell, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: [platformStateTaxMap.platformCode, platformStateTaxMap.stateCode],
        set: { collectAndRemitTax: cell.collectAndRemitTax, updatedById: cell.updatedById, updatedAt: sql`now()` },
      })
      .returning({ updatedAt: platformStateTaxMap.updatedAt });
    const [user] =
      cell.updatedById === null
        ? []
        : await this.db.select({ username: users.username }).from(users).where(eq(users.id, cell.updatedById));
    return {
      platformCode: cell.platformCode,
      stateCode: cell.stateCode,
      collectAndRemitTax: cell.collectAndRemitTax,
      updatedAt: row!.updatedAt,
      updatedBy: user?.username ?? null,
    };
  }
}
