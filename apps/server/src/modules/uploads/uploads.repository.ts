import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { holdingsFiles, partnerOrderLines, partnerOrders, settlementLines, settlements } from '../../db/schema.js';

export type NewSettlementLine = typeof settlementLines.$inferInsert;
export type NewSettlement = typeof settlements.$inferInsert;
export interface NewPartnerOrder {
  partnerOrderId: string;
  orderDate: string | null;
  shipTo: string | null;
  lines: { lineNumber: number; sku: string; quantity: number; unitPriceCents: number | null }[];
}

/** Rows per insert statement: 1,000 rows of at most 16 parameters stay far under PostgreSQL's 65,535. */
const CHUNK = 1_000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Settlement lines, settlements, holdings files and partner orders (docs/decisions.md, "Settlement and holdings uploads"). The only Drizzle code of uploads. */
export class UploadsRepository {
  constructor(private readonly db: Executor) {}

  /** Inserts the lines whose key is new; answers how many were inserted (the others were already present). */
  async insertSettlementLines(lines: NewSettlementLine[]): Promise<number> {
    let inserted = 0;
    for (const part of chunks(lines)) {
      const rows = await this.db
        .insert(settlementLines)
        .values(part)
        .onConflictDoNothing({ target: settlementLines.lineKey })
        .returning({ id: settlementLines.id });
      inserted += rows.length;
    }
    return inserted;
  }

  /** Records settlement summaries not yet recorded; answers how many were new. */
  async insertSettlements(rows: NewSettlement[]): Promise<number> {
    if (!rows.length) return 0;
    const inserted = await this.db
      .insert(settlements)
      .values(rows)
      .onConflictDoNothing({ target: settlements.settlementId })
      .returning({ id: settlements.settlementId });
    return inserted.length;
  }

  async saveHoldingsFile(filename: string, content: string, sizeBytes: number, userId: number | null): Promise<void> {
    await this.db
      .insert(holdingsFiles)
      .values({ filename, content, sizeBytes, uploadedById: userId })
      .onConflictDoUpdate({
        target: holdingsFiles.filename,
        set: { content, sizeBytes, uploadedById: userId, uploadedAt: sql`now()`, syncedAt: null },
      });
  }

  async holdingsFile(filename: string): Promise<{ content: string } | null> {
    const [row] = await this.db
      .select({ content: holdingsFiles.content })
      .from(holdingsFiles)
      .where(eq(holdingsFiles.filename, filename));
    return row ?? null;
  }

  async markSynced(filename: string): Promise<void> {
    await this.db
      .update(holdingsFiles)
      .set({ syncedAt: sql`now()` })
      .where(eq(holdingsFiles.filename, filename));
  }

  /**
   * Inserts the orders whose partner order id is new, with their lines; answers the orders and lines inserted. Two
   * syncs at once each insert an order at most once (the unique key decides; the loser counts it already present).
   */
  async insertPartnerOrders(
    orders: NewPartnerOrder[],
    filename: string,
    userId: number | null,
  ): Promise<{ orders: number; lines: number }> {
    let orderCount = 0;
    let lineCount = 0;
    for (const part of chunks(orders)) {
      const inserted = await this.db
        .insert(partnerOrders)
        .values(
          part.map((o) => ({
            partnerOrderId: o.partnerOrderId,
            orderDate: o.orderDate,
            shipTo: o.shipTo,
            filename,
            importedById: userId,
          })),
        )
        .onConflictDoNothing({ target: partnerOrders.partnerOrderId })
        .returning({ id: partnerOrders.id, partnerOrderId: partnerOrders.partnerOrderId });
      orderCount += inserted.length;
      const byKey = new Map(part.map((o) => [o.partnerOrderId, o]));
      const lines = inserted.flatMap((row) =>
        byKey.get(row.partnerOrderId)!.lines.map((line) => ({ ...line, partnerOrderId: row.id })),
      );
      for (const linePart of chunks(lines)) {
        await this.db.insert(partnerOrderLines).values(linePart);
        lineCount += linePart.length;
      }
    }
    return { orders: orderCount, lines: lineCount };
  }
}
