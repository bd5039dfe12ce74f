import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';

export interface CarouselItemRow {
  position: number;
  link: string;
  imageUrl: string;
}

/** The carousel's rows (docs/decisions.md, "Carousel"). The only file that touches `carousel_items`. */
export class CarouselRepository {
  constructor(private readonly db: Executor) {}

  async list(): Promise<CarouselItemRow[]> {
    return queryRows<CarouselItemRow>(
      this.db,
      sql`select position, link, image_url as "imageUrl" from carousel_items order by position`,
    );
  }

  /** Keeps other saves out until this transaction ends (reads go on): two saves at once apply one after the other. */
  async lockForReplace(): Promise<void> {
    await this.db.execute(sql`lock table carousel_items in exclusive mode`);
  }

  async replace(items: { link: string; imageUrl: string }[], userId: number | null): Promise<void> {
    await this.db.execute(sql`delete from carousel_items`);
    if (!items.length) return;
    const values = items.map((item, position) => sql`(${position}, ${item.link}, ${item.imageUrl}, ${userId})`);
    await this.db.execute(
      sql`insert into carousel_items (position, link, image_url, updated_by_id) values ${sql.join(values, sql`, `)}`,
    );
  }
}
