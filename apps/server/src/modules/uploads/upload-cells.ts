/**
 * Cell readers of the uploads: they live in contracts (the browser reads the same files), in
 * `packages/contracts/src/uploads/upload-cells.ts`; re-exported here for the server's modules.
 */
export { dateCell, integerCell, moneyCellToCents, readDate } from '@keystone/contracts/csv-rules';
