import type { DomainSampleBuilder } from './types.js';

/** Valid requests for the contacts routes (filled in with the module). */
export const buildContactsSamples: DomainSampleBuilder = async () => ({});
