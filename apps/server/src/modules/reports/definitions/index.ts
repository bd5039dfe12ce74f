import type { ReportDefinition } from '../report-definition.js';
import { accountingInventory } from './accounting/accounting-inventory.js';
import { apInvoicesByVendor } from './accounting/ap-invoices-by-vendor.js';
import { inventoryValueByLocation } from './accounting/inventory-value-by-location.js';
import { invoicesDue } from './accounting/invoices-due.js';
import { openInvoice } from './accounting/open-invoice.js';
import { poBalanceDue } from './accounting/po-balance-due.js';
import { receivedValueByDay } from './accounting/received-value-by-day.js';
import { settlementSummary } from './accounting/settlement-summary.js';
import { taxReportExport } from './accounting/tax-report-export.js';
import { adminAdjustments } from './administrative/admin-adjustments.js';
import { binUtilization } from './administrative/bin-utilization.js';
import { contactsByState } from './administrative/contacts-by-state.js';
import { locationsOverview } from './administrative/locations-overview.js';
import { roleChanges } from './administrative/role-changes.js';
import { usersByRole } from './administrative/users-by-role.js';
import { vendorDirectory } from './administrative/vendor-directory.js';
import { auditDiscrepancies } from './claims/audit-discrepancies.js';
import { damagedInventory } from './claims/damaged-inventory.js';
import { serialCorrections } from './claims/serial-corrections.js';
import { shippingNotMatched } from './claims/shipping-not-matched.js';
import { shippingOverQuoteByCarrier } from './claims/shipping-over-quote-by-carrier.js';
import { shippingUnpaid } from './claims/shipping-unpaid.js';
import { freightItemsOnHand } from './installation/freight-items-on-hand.js';
import { locationsWithoutBins } from './installation/locations-without-bins.js';
import { productsMissingCost } from './installation/products-missing-cost.js';
import { productsMissingUpc } from './installation/products-missing-upc.js';
import { serialTrackingSetup } from './installation/serial-tracking-setup.js';
import { auditAccuracyByBucket } from './operations/audit-accuracy-by-bucket.js';
import { dailySales } from './operations/daily-sales.js';
import { liveSerials } from './operations/live-serials.js';
import { movementsByType } from './operations/movements-by-type.js';
import { onHandByBucket } from './operations/on-hand-by-bucket.js';
import { openSalesAging } from './operations/open-sales-aging.js';
import { pickListStatus } from './operations/pick-list-status.js';
import { pickingProductivity } from './operations/picking-productivity.js';
import { salesByAccount } from './operations/sales-by-account.js';
import { salesByProduct } from './operations/sales-by-product.js';
import { salesByState } from './operations/sales-by-state.js';
import { serialVelocity } from './operations/serial-velocity.js';
import { transferAging } from './operations/transfer-aging.js';
import { transfersByRoute } from './operations/transfers-by-route.js';
import { dropShipAvailability } from './procurement/drop-ship-availability.js';
import { latePoLines } from './procurement/late-po-lines.js';
import { openPurchaseOrders } from './procurement/open-purchase-orders.js';
import { poSpendByVendor } from './procurement/po-spend-by-vendor.js';
import { receivedByVendor } from './procurement/received-by-vendor.js';
import { receivingLeadTimeByVendor } from './procurement/receiving-lead-time-by-vendor.js';
import { vendorFillRate } from './procurement/vendor-fill-rate.js';
import { belowMapPricing } from './pricing/below-map-pricing.js';
import { costVsLastPo } from './pricing/cost-vs-last-po.js';
import { inventoryAtMsrp } from './pricing/inventory-at-msrp.js';
import { marginByBrand } from './pricing/margin-by-brand.js';
import { priceList } from './pricing/price-list.js';
import { rebateSellThru } from './pricing/rebate-sell-thru.js';

/** Every generic report (docs/decisions.md, "Reports engine"), one file per definition, grouped by category. Adding a report: a file and a line here. */
export const REPORT_DEFINITIONS: readonly ReportDefinition[] = [
  accountingInventory,
  apInvoicesByVendor,
  inventoryValueByLocation,
  invoicesDue,
  openInvoice,
  poBalanceDue,
  receivedValueByDay,
  settlementSummary,
  taxReportExport,
  adminAdjustments,
  binUtilization,
  contactsByState,
  locationsOverview,
  roleChanges,
  usersByRole,
  vendorDirectory,
  auditDiscrepancies,
  damagedInventory,
  serialCorrections,
  shippingNotMatched,
  shippingOverQuoteByCarrier,
  shippingUnpaid,
  freightItemsOnHand,
  locationsWithoutBins,
  productsMissingCost,
  productsMissingUpc,
  serialTrackingSetup,
  auditAccuracyByBucket,
  dailySales,
  liveSerials,
  movementsByType,
  onHandByBucket,
  openSalesAging,
  pickListStatus,
  pickingProductivity,
  salesByAccount,
  salesByProduct,
  salesByState,
  serialVelocity,
  transferAging,
  transfersByRoute,
  dropShipAvailability,
  latePoLines,
  openPurchaseOrders,
  poSpendByVendor,
  receivedByVendor,
  receivingLeadTimeByVendor,
  vendorFillRate,
  belowMapPricing,
  costVsLastPo,
  inventoryAtMsrp,
  marginByBrand,
  priceList,
  rebateSellThru,
];
