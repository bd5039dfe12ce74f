import type { PurchaseOrderDocument, PurchaseOrderDocumentLine } from '../../shared/purchase-order-document.js';
import { X12_MAX, X12_MIN, x12PostalCode } from './x12-850.js';

/**
 * Checks a purchase order before it is sent by EDI. Returns every problem as a sentence a buyer can act on
 * (the spec's "JSON list of errors" of `POST purchase/direct/{poId}`); an empty list means it can be sent.
 */
export function validatePurchaseOrderForEdi(doc: PurchaseOrderDocument): string[] {
  const errors: string[] = [];
  const vendorName = doc.vendor.name.trim() || `#${doc.vendor.id}`;

  const status = doc.status.trim().toLowerCase();
  if (status === 'complete') errors.push('A completed purchase order cannot be sent.');
  if (status === 'cancelled' || status === 'canceled') errors.push('A cancelled purchase order cannot be sent.');

  const interchangeId = doc.vendor.ediInterchangeId?.trim() ?? '';
  const qualifier = doc.vendor.ediQualifier?.trim() ?? '';
  if (!interchangeId || !qualifier) {
    errors.push(`Vendor ${vendorName} is not set up to receive EDI.`);
  } else {
    if (interchangeId.length < X12_MIN.interchangeId) {
      errors.push(
        `Vendor ${vendorName} has an EDI interchange id shorter than ${X12_MIN.interchangeId} characters (${interchangeId}).`,
      );
    }
    if (interchangeId.length > X12_MAX.interchangeId) {
      errors.push(
        `Vendor ${vendorName} has an EDI interchange id longer than ${X12_MAX.interchangeId} characters (${interchangeId}).`,
      );
    }
    if (qualifier.length !== 2) {
      errors.push(`Vendor ${vendorName} has an EDI qualifier (${qualifier}) that is not 2 characters.`);
    }
  }
  if (!doc.vendor.name.trim()) errors.push(`Vendor #${doc.vendor.id} has no company name.`);

  const ref = doc.purchaseRefId.trim();
  if (!ref) errors.push('The purchase order has no purchase reference id.');
  else if (ref.length > X12_MAX.beg03PurchaseOrderNumber) {
    errors.push(
      `The purchase reference id ${ref} is longer than the ${X12_MAX.beg03PurchaseOrderNumber} characters an EDI purchase order allows.`,
    );
  }
  if (!isCalendarDate(doc.orderDate)) errors.push(`The order date (${doc.orderDate}) is not a valid date.`);
  if (doc.requestedDeliveryDate !== null && !isCalendarDate(doc.requestedDeliveryDate)) {
    errors.push(`The requested delivery date (${doc.requestedDeliveryDate}) is not a valid date.`);
  }
  if (doc.vendorOrderId && doc.vendorOrderId.trim().length > X12_MAX.ref02Reference) {
    errors.push(`The vendor order id is longer than ${X12_MAX.ref02Reference} characters.`);
  }
  if (doc.vendor.dealerNumber && doc.vendor.dealerNumber.trim().length > X12_MAX.ref02Reference) {
    errors.push(`Vendor ${vendorName} has a dealer number longer than ${X12_MAX.ref02Reference} characters.`);
  }
  if (!doc.company.name.trim()) errors.push('Our company name is not set.');

  const shipToName = doc.shipTo.name.trim() || doc.shipTo.locationCode.trim() || 'the ship-to location';
  const locationCode = doc.shipTo.locationCode.trim();
  if (!locationCode) errors.push('The ship-to location has no location code.');
  else if (locationCode.length < X12_MIN.n104Code) {
    errors.push(
      `The ship-to location code ${locationCode} is shorter than the ${X12_MIN.n104Code} characters EDI allows.`,
    );
  }
  const missing: string[] = [];
  if (!doc.shipTo.address1?.trim()) missing.push('address line 1');
  if (!doc.shipTo.city?.trim()) missing.push('city');
  if (!doc.shipTo.state?.trim()) missing.push('state');
  if (!doc.shipTo.postalCode?.trim()) missing.push('postal code');
  if (missing.length > 0) {
    errors.push(`The ship-to address of ${shipToName} is missing its ${joinWords(missing)}.`);
  }
  const city = doc.shipTo.city?.trim() ?? '';
  if (city && city.length < X12_MIN.n401City) {
    errors.push(
      `The ship-to city of ${shipToName} (${city}) is shorter than the ${X12_MIN.n401City} characters EDI allows.`,
    );
  }
  const postalCode = doc.shipTo.postalCode?.trim() ?? '';
  if (postalCode && !x12PostalCode(postalCode)) {
    errors.push(
      `The ship-to postal code of ${shipToName} (${postalCode}) is not ${X12_MIN.n403PostalCode} to ${X12_MAX.n403PostalCode} letters and digits.`,
    );
  }
  const state = doc.shipTo.state?.trim() ?? '';
  if (state && !/^[A-Za-z]{2}$/.test(state)) {
    errors.push(`The ship-to state of ${shipToName} (${state}) is not a 2-letter state code.`);
  }

  if (doc.lines.length === 0) errors.push('The purchase order has no lines.');
  for (const line of doc.lines) errors.push(...lineErrors(line));

  return errors;
}

function lineErrors(line: PurchaseOrderDocumentLine): string[] {
  const errors: string[] = [];
  const model = line.modelNumber.trim();
  const label = model ? `Line ${line.lineNumber} (${model})` : `Line ${line.lineNumber}`;
  if (!model) errors.push(`Line ${line.lineNumber} has no model number.`);
  else if (model.length > X12_MAX.po1ProductId) {
    errors.push(`${label}: the model number is longer than ${X12_MAX.po1ProductId} characters.`);
  }
  if (!Number.isSafeInteger(line.qtyOrdered) || line.qtyOrdered < 1) {
    errors.push(`${label} has a quantity of ${line.qtyOrdered}; the quantity must be a whole number of at least 1.`);
  }
  if (!Number.isSafeInteger(line.unitCostCents)) errors.push(`${label} has an invalid unit cost.`);
  else if (line.unitCostCents === 0) errors.push(`${label} has no unit cost.`);
  else if (line.unitCostCents < 0) errors.push(`${label} has a negative unit cost.`);
  if (line.partNumber && line.partNumber.trim().length > X12_MAX.po1ProductId) {
    errors.push(`${label}: the part number is longer than ${X12_MAX.po1ProductId} characters.`);
  }
  if (line.upc && line.upc.trim().length > X12_MAX.po1ProductId) {
    errors.push(`${label}: the UPC is longer than ${X12_MAX.po1ProductId} characters.`);
  }
  if (line.expectedArrivalDate !== null && !isCalendarDate(line.expectedArrivalDate)) {
    errors.push(`${label} has an expected arrival date (${line.expectedArrivalDate}) that is not a valid date.`);
  }
  return errors;
}

/** A real calendar date written YYYY-MM-DD (a timestamp starting with one is accepted). */
function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : daysInMonth);
}

function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
