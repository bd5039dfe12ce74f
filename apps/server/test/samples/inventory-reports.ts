import type { DomainSampleBuilder } from './types.js';

/** The named inventory reports (issue 15): reads over whatever the other builders made; today's date. */
export const buildInventoryReportsSamples: DomainSampleBuilder = async () => {
  const today = new Date().toISOString().slice(0, 10);
  return {
    'GET /api/ims/reporting/inventory/ge-on-hand-export': { query: { date: today } },
    'GET /api/ims/reporting/inventory/ge-on-hand-export/totals': { query: { date: today } },
    'GET /api/ims/reporting/inventory/accounting': { query: { date: today } },
    'GET /api/ims/transacted-receipts/daily-received': { query: { startDate: today, endDate: today } },
    'GET /api/unreceived-invoice-report': {},
    'GET /api/ims/reporting/inventory/inactive': {},
    'GET /api/report/peak-days-fulfillment/{date}': { params: { date: today } },
    'GET /api/ims/reporting/fba-pending-orders-in-dollars': {},
  };
};
