import { CONTACT_FIELD_LABELS, PO_STATUSES, type THistoryEntity } from '@keystone/contracts';

/** A PO line's fields, kept on its PO as `line <id> <field>` (its model with its addition and deletion). */
const PO_LINE_LABELS: Record<string, string> = {
  model_number: 'Model',
  invoice_cost: 'Cost',
  qty: 'Qty Ordered',
  shipping_cost: 'Shipping Cost',
  note: 'Note',
  expected_arrival_date: 'Expected Arrival',
  carrier_name: 'Carrier',
  tracking_number: 'Tracking Number',
};

/**
 * The words a person reads for each field the history records, one map per record type (the API's field names as the
 * server records them). The history panel and its drawer both name fields through `fieldLabel`.
 */
export const HISTORY_FIELD_LABELS: Record<THistoryEntity, Record<string, string>> = {
  'purchase-order': {
    vendor_id: 'Vendor',
    purchase_order_status: 'Status',
    ims_location_code: 'Location',
    paid: 'Paid',
    is_ats: 'ATS',
    dfi_discount_percentage: 'DFI Discount %',
    purchase_terms_id: 'PO Terms',
    vendor_order_id: 'Vendor Order #',
    carrier_name: 'Carrier',
    tracking_number: 'Tracking Number',
    notes: 'PO Notes',
    requested_delivery_date: 'Requested Delivery Date',
  },
  product: {
    model: 'Model',
    model_number: 'Model',
    mpn: 'MPN',
    upc: 'UPC',
    alternate_upc: 'Alternate UPC',
    alternateUpc: 'Alternate UPC',
    serial_number_tracked: 'Serial Tracked',
    master_carton_code: 'Master Carton Code',
    master_box_qty: 'Master Box Qty',
    num_of_serials_per_item: 'Serials per Item',
    product_title: 'Product Title',
    brand: 'Brand',
    brand_name: 'Brand',
    brand_code: 'Brand Code',
    category: 'Category',
    category_name: 'Category',
    manufacturer: 'Manufacturer',
    manufacturer_name: 'Manufacturer',
    image_url: 'Image URL',
    cost: 'Cost',
    item_type: 'Item Type',
    status: 'Status',
    description: 'Description',
    part_number: 'Part Number',
    serial_number: 'Serial Number',
    model_code: 'Model Code',
    item_class: 'Item Class',
    asin: 'ASIN',
    listing_id: 'Listing ID',
    sku: 'SKU',
    fk_category_id: 'Category',
    fk_brand_id: 'Brand',
    fk_manufacturer_id: 'Manufacturer',
    category_code: 'Category Code',
    marketing_class: 'Marketing Class',
    stock_class: 'Stock Class',
    box_qty: 'Box Qty',
    current_cost: 'Current Cost',
    spiff: 'Spiff',
    current_rebate_credit: 'Current Rebate Credit',
    current_adj_cost: 'Current Adjusted Cost',
    current_map: 'Current MAP',
    current_adj_map: 'Current Adjusted MAP',
    current_rebate: 'Current Rebate',
    map: 'MAP',
    msrp: 'MSRP',
    minimum_price: 'Minimum Price',
  },
  vendor: {
    company_name: 'Company Name',
    vendor_type: 'Vendor Type',
    rep: 'Rep',
    rep_email: 'Rep Email',
    rep_phone: 'Rep Phone',
    dealer_number: 'Dealer #',
    program_name: 'Program Name',
    address: 'Address',
    address2: 'Address 2',
    city: 'City',
    state: 'State',
    zip: 'ZIP',
    country: 'Country',
    fax_phone: 'Fax',
    notes: 'Notes',
    default_terms: 'Default Terms',
    edi_interchange_id: 'EDI Interchange ID',
    edi_qualifier: 'EDI Qualifier',
  },
  contact: CONTACT_FIELD_LABELS,
  bin: { binName: 'Bin Name', locationCode: 'Location', conditionCode: 'Condition' },
  'shipping-rule': {
    rule_code: 'Rule Code',
    fallback_shipping_template: 'Fallback Template',
    group_shipping_template: 'Group Template',
    uses_template_compositions: 'Uses Template Compositions',
    is_published: 'Published',
    published_at: 'Published At',
  },
  role: {},
};

/** A field no map names yet: its words, first one capitalised (`ship_by` and `shipBy` → "Ship by"). */
const words = (field: string) => {
  const text = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * What the history shows for a recorded field: its label, or for the fields recorded with a subject in their name,
 * the subject kept as written (`line 12 qty` → "Line 12 Qty Ordered", `contents TV-55` → "Units of TV-55",
 * `mapping Ground` → "Maps template Ground", `user alice` → "User alice").
 */
export function fieldLabel(entity: THistoryEntity, field: string): string {
  const own = HISTORY_FIELD_LABELS[entity][field];
  if (own) return own;
  const line = entity === 'purchase-order' ? /^line (\d+) (.+)$/.exec(field) : null;
  if (line) return `Line ${line[1]} ${PO_LINE_LABELS[line[2]!] ?? words(line[2]!)}`;
  const subject = /^(contents|mapping|user) (.+)$/.exec(field);
  if (subject && entity === 'bin' && subject[1] === 'contents') return `Units of ${subject[2]}`;
  if (subject && entity === 'shipping-rule' && subject[1] === 'mapping') return `Maps template ${subject[2]}`;
  if (subject && entity === 'role' && subject[1] === 'user') return `User ${subject[2]}`;
  return words(field);
}

/** How the history shows a value: text as it is, nothing as "(empty)", anything else as JSON. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * The fields that hold another record's id. The server records them in words (`Acme (#12)`, `New`); a change recorded
 * before it did holds the bare id, shown as `#12`, or a status by its name (the statuses' ids are fixed).
 */
const bareId = (id: number) => `#${id}`;
const ID_FIELDS: Partial<Record<THistoryEntity, Record<string, (id: number) => string>>> = {
  'purchase-order': {
    vendor_id: bareId,
    purchase_order_status: (id) => PO_STATUSES.find((s) => s.id === id)?.status_name ?? bareId(id),
    purchase_terms_id: bareId,
  },
  product: { fk_brand_id: bareId, fk_category_id: bareId, fk_manufacturer_id: bareId },
};

/** What the history shows for a field's value (`field` as recorded). */
export function valueText(entity: THistoryEntity, field: string, value: unknown): string {
  const id = ID_FIELDS[entity]?.[field];
  return id && typeof value === 'number' ? id(value) : shown(value);
}

/**
 * A record's creation or deletion (field `created`/`deleted`, its fields the value after or before), or a PO line's on
 * its PO (`line 12 created` → "Line 12 added"): its title and each of its fields as "Label: value"; null for any
 * other change.
 */
export function lifecycleText(
  entity: THistoryEntity,
  change: { field: string; before: unknown; after: unknown },
): { title: string; fields: string[] } | null {
  const line = entity === 'purchase-order' ? /^line (\d+) (created|deleted)$/.exec(change.field) : null;
  const event = line ? line[2] : change.field;
  if (event !== 'created' && event !== 'deleted') return null;
  const title = line
    ? `Line ${line[1]} ${event === 'created' ? 'added' : 'deleted'}`
    : event === 'created'
      ? 'Created'
      : 'Deleted';
  const fields = event === 'created' ? change.after : change.before;
  const label = (k: string) => (line ? (PO_LINE_LABELS[k] ?? words(k)) : fieldLabel(entity, k));
  const listed =
    fields && typeof fields === 'object' && !Array.isArray(fields)
      ? Object.entries(fields).map(([k, v]) => `${label(k)}: ${line ? shown(v) : valueText(entity, k, v)}`)
      : [];
  return { title, fields: listed };
}
