import type { PurchaseOrderDocument } from './purchase-order-document.js';

/** Our company as the test documents carry it (the config defaults). */
export const TEST_COMPANY: PurchaseOrderDocument['company'] = {
  name: 'Keystone Appliance & Electronics',
  address1: '1200 Commerce Way',
  address2: null,
  city: 'Louisville',
  state: 'KY',
  postalCode: '40213',
  country: 'US',
  phone: '502-555-0100',
  ediInterchangeId: 'KEYSTONEPOS',
  ediQualifier: 'ZZ',
};
