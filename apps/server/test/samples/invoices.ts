import type { DomainSampleBuilder } from './types.js';

/** Valid requests for the invoices routes (filled in with the module). */
export const buildInvoicesSamples: DomainSampleBuilder = async () => ({});
