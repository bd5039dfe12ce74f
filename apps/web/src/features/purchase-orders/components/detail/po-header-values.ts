import type { TPurchaseOrder, TUpdatePurchaseOrder } from '@keystone/contracts';

/** The header form's values: the PO's editable header fields as the inputs hold them. */
export interface HeaderValues {
  purchase_order_status: number;
  ims_location_code: string;
  vendor_id: number;
  purchase_terms_id: number | '';
  carrier_name: string;
  tracking_number: string;
  requested_delivery_date: string;
  vendor_order_id: string;
  dfi_discount_percentage: string;
  paid: boolean;
  is_ats: boolean;
}

/** A PO without a requested delivery date shows the field empty: the screen never invents a date it would save. */
export function headerValuesOf(po: TPurchaseOrder): HeaderValues {
  return {
    purchase_order_status: po.purchase_order_status.id,
    ims_location_code: po.ims_location_code,
    vendor_id: po.vendor_id,
    purchase_terms_id: po.purchase_terms_id ?? '',
    carrier_name: po.carrier_name ?? '',
    tracking_number: po.tracking_number ?? '',
    requested_delivery_date: po.requested_delivery_date ?? '',
    vendor_order_id: po.vendor_order_id ?? '',
    dfi_discount_percentage: po.dfi_discount_percentage,
    paid: po.paid,
    is_ats: po.is_ats,
  };
}

/** The update body: only the fields the user changed (001 §4 "A PO update is sent only when fields changed"). */
export function headerChanges(
  values: HeaderValues,
  dirty: Partial<Record<keyof HeaderValues, unknown>>,
): TUpdatePurchaseOrder {
  const body: TUpdatePurchaseOrder = {};
  if (dirty.purchase_order_status) body.purchase_order_status = Number(values.purchase_order_status);
  if (dirty.ims_location_code) body.ims_location_code = values.ims_location_code;
  if (dirty.vendor_id) body.vendor_id = Number(values.vendor_id);
  if (dirty.purchase_terms_id)
    body.purchase_terms_id = values.purchase_terms_id === '' ? null : Number(values.purchase_terms_id);
  if (dirty.carrier_name) body.carrier_name = values.carrier_name;
  if (dirty.tracking_number) body.tracking_number = values.tracking_number;
  if (dirty.requested_delivery_date) body.requested_delivery_date = values.requested_delivery_date || null;
  if (dirty.vendor_order_id) body.vendor_order_id = values.vendor_order_id;
  if (dirty.dfi_discount_percentage) body.dfi_discount_percentage = Number(values.dfi_discount_percentage);
  if (dirty.paid) body.paid = values.paid;
  if (dirty.is_ats) body.is_ats = values.is_ats;
  return body;
}
