import { buildBinsSamples } from './bins.js';
import { buildCommittedSalesSamples } from './committed-sales.js';
import { buildContactsSamples } from './contacts.js';
import { buildInventorySamples } from './inventory.js';
import { buildInvoicesSamples } from './invoices.js';
import { buildPurchasingSamples } from './purchasing.js';
import { buildReceivingSamples } from './receiving.js';
import { buildTransfersSamples } from './transfers.js';
import { buildPickingSamples } from './picking.js';
import { buildAuditsSamples } from './audits.js';
import { buildJobsSamples } from './jobs.js';
import { buildAuditAdjustmentsSamples } from './audit-adjustments.js';
import { buildLocationsSamples } from './locations.js';
import { buildSupplySourcesSamples } from './supply-sources.js';
import { buildTaxMapSamples } from './tax-map.js';
import { buildScanSamples } from './scan.js';
import { buildReviewsSamples } from './reviews.js';
import { buildRoleEditorSamples } from './role-editor.js';
import { buildCarouselSamples } from './carousel.js';
import { buildBucketGroupsSamples } from './bucket-groups.js';
import { buildShippingTemplatesSamples } from './shipping-templates.js';
import { buildUploadsSamples } from './uploads.js';
import { buildShippingReconciliationSamples } from './shipping-reconciliation.js';
import { buildInventoryReportsSamples } from './inventory-reports.js';
import { buildSalesReportsSamples } from './sales-reports.js';
import { buildReportsSamples } from './reports.js';
import { buildBackupsSamples } from './backups.js';
import { buildQuotesSamples } from './quotes.js';
import { buildProductCatalogueSamples } from './product-catalogue.js';
import { buildImportsSamples } from './imports.js';
import { buildHistorySamples } from './history.js';
import { buildSavedViewsSamples } from './saved-views.js';
import type { DomainSampleBuilder } from './types.js';

export type { BaseFixture, DomainSampleBuilder, RouteSample } from './types.js';

/** One builder per domain module: it creates the rows its samples point at and answers one valid request per route. */
export const DOMAIN_SAMPLE_BUILDERS: DomainSampleBuilder[] = [
  buildContactsSamples,
  buildPurchasingSamples,
  buildInvoicesSamples,
  buildReceivingSamples,
  buildInventorySamples,
  buildTransfersSamples,
  buildCommittedSalesSamples,
  buildBinsSamples,
  buildPickingSamples,
  buildAuditsSamples,
  buildJobsSamples,
  buildAuditAdjustmentsSamples,
  buildLocationsSamples,
  buildSupplySourcesSamples,
  buildTaxMapSamples,
  buildScanSamples,
  buildReviewsSamples,
  buildRoleEditorSamples,
  buildCarouselSamples,
  buildBucketGroupsSamples,
  buildShippingTemplatesSamples,
  buildUploadsSamples,
  buildShippingReconciliationSamples,
  buildInventoryReportsSamples,
  buildSalesReportsSamples,
  buildReportsSamples,
  buildQuotesSamples,
  buildProductCatalogueSamples,
  buildBackupsSamples,
  buildImportsSamples,
  buildHistorySamples,
  buildSavedViewsSamples,
];
