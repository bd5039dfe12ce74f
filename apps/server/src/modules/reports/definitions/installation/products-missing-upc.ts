import { sql } from 'drizzle-orm';
import { defineReport } from '../../report-definition.js';

/** Active products that cannot be scanned: no UPC and no alternate UPC. */
export const productsMissingUpc = defineReport({
  slug: 'products-missing-upc',
  name: 'Products Missing UPC',
  category: 'Installation',
  description: 'Active products with neither a UPC nor an alternate UPC, so scanners cannot find them.',
  parameters: [],
  columns: [
    { key: 'model_number', label: 'Model', type: 'text' },
    { key: 'description', label: 'Description', type: 'text' },
    { key: 'brand', label: 'Brand', type: 'text' },
    { key: 'created_at', label: 'Created', type: 'timestamp' },
  ],
  query: () => sql`
    select pr.model_number, pr.description, coalesce(b.brand_name, '') as brand, pr.created_at
    from products pr left join brands b on b.id = pr.fk_brand_id
    where pr.status = 'ACTIVE' and nullif(trim(coalesce(pr.upc, '')), '') is null and nullif(trim(coalesce(pr.alternate_upc, '')), '') is null
    order by pr.model_number, pr.id`,
});
