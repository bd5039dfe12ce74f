/**
 * A purchase order as an outbound document (PDF, e-mail, EDI 850): everything those need, resolved and
 * in cents, independent of the database. Built by the purchase-orders service.
 */
export interface PartyAddress {
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface PurchaseOrderDocumentLine {
  /** 1-based position on the order. */
  lineNumber: number;
  modelNumber: string;
  partNumber: string | null;
  upc: string | null;
  description: string;
  qtyOrdered: number;
  qtyReceived: number;
  unitCostCents: number;
  lineTotalCents: number;
  expectedArrivalDate: string | null;
}

export interface PurchaseOrderDocument {
  id: number;
  purchaseRefId: string;
  legacyPoNumber: string | null;
  /** YYYY-MM-DD, the order date. */
  orderDate: string;
  requestedDeliveryDate: string | null;
  status: string;
  terms: string | null;
  vendorOrderId: string | null;
  carrierName: string | null;
  trackingNumber: string | null;
  notes: string | null;
  buyer: { name: string; email: string | null };
  /** Our company, the buyer. */
  company: PartyAddress & { phone: string | null; ediInterchangeId: string; ediQualifier: string };
  vendor: PartyAddress & {
    id: number;
    rep: string | null;
    repEmail: string | null;
    repPhone: string | null;
    dealerNumber: string | null;
    /** Null when the vendor cannot receive EDI. */
    ediInterchangeId: string | null;
    ediQualifier: string | null;
  };
  shipTo: PartyAddress & { locationCode: string };
  lines: PurchaseOrderDocumentLine[];
  totals: {
    subTotalCents: number;
    totalReceivedCents: number;
    /** As stored, e.g. "2.50". */
    dfiDiscountPercentage: string;
    dfiDiscountCents: number;
    balanceDueCents: number;
  };
}
