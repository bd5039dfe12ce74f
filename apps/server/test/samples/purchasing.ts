import type { DomainSampleBuilder } from './types.js';

/** Valid requests for the purchasing routes (filled in with the module). */
export const buildPurchasingSamples: DomainSampleBuilder = async () => ({});
