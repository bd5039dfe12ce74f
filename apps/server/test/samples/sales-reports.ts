import { createBrand } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

/** Sales figures and the brand reports (issue 15): one brand to run them on; every report reads only. */
export const buildSalesReportsSamples: DomainSampleBuilder = async (t) => {
  await createBrand(t.db, 'Sample Report Brand', 'SRBRAND');
  const today = new Date().toISOString().slice(0, 10);
  return {
    'GET /api/report/brand-sell-thru': { query: { brand: 'SRBRAND', startDate: today, endDate: today } },
    'GET /api/ims/reporting/sellout-threat': { query: { 'brands[]': 'SRBRAND' } },
    'GET /api/report/bundle-sales': { query: { fromDate: today, toDate: today, reportType: 'getAllBundleSales' } },
    'GET /api/brandPurchasingReport': { query: { givenFromDate: today, givenToDate: today, brand: 'SRBRAND' } },
    'GET /api/report/sales': { query: { startDate: today, endDate: today } },
    'GET /api/report/sales/csv': { query: { startDate: today, endDate: today } },
  };
};
