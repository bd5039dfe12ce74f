import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { brands, buckets, categories, locations, products } from '../../db/schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type BucketRow = typeof buckets.$inferSelect;

export class ReferenceRepository {
  constructor(private readonly db: Executor) {}

  listLocations(): Promise<LocationRow[]> {
    return this.db.select().from(locations).orderBy(asc(locations.locationCode));
  }

  listBuckets(): Promise<BucketRow[]> {
    return this.db.select().from(buckets).where(eq(buckets.isActive, true)).orderBy(asc(buckets.bucket));
  }

  listBrands() {
    return this.db.select().from(brands).orderBy(asc(brands.brandName));
  }

  listCategories() {
    return this.db.select().from(categories).orderBy(asc(categories.categoryName));
  }

  categoriesWithCounts() {
    return this.db
      .select({
        id: categories.id,
        categoryName: categories.categoryName,
        categoryCode: categories.categoryCode,
        productCount: count(products.id),
      })
      .from(categories)
      .leftJoin(products, eq(products.categoryId, categories.id))
      .groupBy(categories.id)
      .orderBy(asc(categories.categoryName));
  }

  async insertBrands(values: (typeof brands.$inferInsert)[]) {
    return this.db.insert(brands).values(values).onConflictDoNothing().returning();
  }

  async insertCategories(values: (typeof categories.$inferInsert)[]) {
    return this.db.insert(categories).values(values).onConflictDoNothing().returning();
  }
}
