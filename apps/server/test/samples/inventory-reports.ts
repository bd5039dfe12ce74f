import type { DomainSampleBuilder } from './types.js';

/** The named inventory reports (issue 15): reads over whatever the other builders made; today's date. */
export const buildInventoryReportsSamples: DomainSampleBuilder = async () => {
  const today = new Date().toISOString().slice(0, 10);
  // Peak days refuses a date before today: tomorrow stays valid when the samples, made once, are sent after midnight
  // UTC (a CI run crossing it failed every role's permission check on today's date).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return {
    'GET /api/ims/reporting/inventory/ge-on-hand-export': { query: { date: today } },
    'GET /api/ims/reporting/inventory/ge-on-hand-export/totals': { query: { date: today } },
    'GET /api/ims/reporting/inventory/accounting': { query: { date: today } },
    'GET /api/ims/transacted-receipts/daily-received': { query: { startDate: today, endDate: today } },
    'GET /api/unreceived-invoice-report': {},
    'GET /api/ims/reporting/inventory/inactive': {},
    'GET /api/report/peak-days-fulfillment/{date}': { params: { date: tomorrow } },
    'GET /api/ims/reporting/fba-pending-orders-in-dollars': {},
  };
};
