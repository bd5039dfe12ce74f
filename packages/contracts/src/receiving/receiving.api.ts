import { z } from 'zod';
import { defineRoute } from '../http/define-route.js';
import { ZIdSchema } from '../http/common.js';

/** A ledger transaction's reference: its type's prefix and the zero-padded id, e.g. IR-0000042. */
export const ZTransactionReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^I[RUTSAX]-\d{7,}$/, 'must be a transaction reference such as IR-0000042');

export const ZScannedSerialsSchema = z.union([z.string().max(2000), z.array(z.string().max(200)).max(20)]);

/** quickScanReceive (001 §7): one unit of a PO line, by its UPC and serials. */
export const ZQuickScanReceiveSchema = z
  .object({
    scannedUpc: z.string().trim().min(1).max(20),
    model: z.string().trim().min(1).max(100),
    poApiPoId: ZIdSchema,
    poApiPoItemId: ZIdSchema,
    receivingBucket: z.string().trim().min(1).max(60),
    scannedSerialNumbers: ZScannedSerialsSchema.optional(),
    scannedBy: z.string().trim().max(100).optional(),
    /** Made by the client per scan: a retried request with the same id is applied once and answers the same. */
    clientScanId: z.string().trim().min(8).max(64).optional(),
  })
  .meta({ id: 'QuickScanReceive' });
export type TQuickScanReceive = z.input<typeof ZQuickScanReceiveSchema>;

export const ZQuickScanReceiveResultSchema = z
  .object({
    message: z.literal('Success'),
    transactionReferenceId: z.string(),
    errors: z.array(z.string()),
    qty_received: z.number().int(),
    qty_ordered: z.number().int(),
  })
  .meta({ id: 'QuickScanReceiveResult' });

export const quickScanReceiveRoute = defineRoute({
  method: 'POST',
  path: '/api/scanner/receipt/quickScanReceive',
  access: 'purchase-order:receive',
  summary: 'Receive one unit of a PO line by UPC and serials: a ledger transaction, in one database transaction',
  tag: 'receiving',
  body: ZQuickScanReceiveSchema,
  response: ZQuickScanReceiveResultSchema,
});

/** Staged scans submitted together (001 §7 scanned-item/submit): all are received in one transaction, or none. */
export const ZScannedItemsSubmitSchema = z
  .object({ scannedItems: z.array(ZQuickScanReceiveSchema).min(1).max(200) })
  .meta({ id: 'ScannedItemsSubmit' });
export type TScannedItemsSubmit = z.input<typeof ZScannedItemsSubmitSchema>;

export const scannedItemsSubmitRoute = defineRoute({
  method: 'POST',
  path: '/api/scanner/receipt/scanned-item/submit',
  access: 'purchase-order:receive',
  summary: 'Receive staged scans together: every item in one database transaction, or none (422 names the item)',
  tag: 'receiving',
  body: ZScannedItemsSubmitSchema,
  response: z.object({
    status: z.literal('Success'),
    received: z.number().int(),
    items: z.array(
      z.object({
        transactionReferenceId: z.string(),
        poApiPoItemId: z.number().int(),
        qty_received: z.number().int(),
        qty_ordered: z.number().int(),
      }),
    ),
  }),
});

export const removeScannedItemRoute = defineRoute({
  method: 'DELETE',
  path: '/api/scanner/receipt/scanned-item/{id}',
  access: 'purchase-order:receive',
  summary:
    "Take back one's own recent scan: a reversing ledger transaction (an un-receive without notes), never a deletion",
  tag: 'receiving',
  params: z.object({ id: ZTransactionReferenceSchema }),
  response: z.object({
    message: z.literal('Success'),
    removed: z.string(),
    transactionReferenceId: z.string(),
    qty_received: z.number().int(),
    qty_ordered: z.number().int(),
  }),
});

export const ZReceiptSerialSchema = z.object({
  scanned_serial_number: z.string(),
  scanned_upc: z.string().nullable(),
  scanned_at: z.string(),
  receiving_disposition_code: z.string(),
  notes: z.string().nullable(),
  fk_inventory_serial_id: z.number().int().nullable(),
});

export const ZTransactedReceiptSchema = z
  .object({
    ims_transaction_reference_id: z.string(),
    received_quantity: z.number().int(),
    receiving_bucket: z.string(),
    transacted_at: z.string(),
    transacted_by: z.string().nullable(),
    product: z.object({
      id: z.number().int(),
      model: z.string(),
      upc: z.string().nullable(),
      alternate_upc: z.string().nullable(),
    }),
    serials: z.array(ZReceiptSerialSchema),
  })
  .meta({ id: 'TransactedReceipt' });
export type TTransactedReceipt = z.infer<typeof ZTransactedReceiptSchema>;

export const canBeUnreceivedRoute = defineRoute({
  method: 'GET',
  path: '/api/transacted-receipts/can-be-unreceived',
  access: 'purchase-order:un-receive',
  summary: 'Receipts of a PO line that can still be un-received',
  tag: 'receiving',
  query: z.object({ poApiPoItemId: ZIdSchema }),
  response: z.object({ data: z.array(ZTransactedReceiptSchema) }),
});

export const ZUnreceiveSchema = z
  .object({
    lineItemId: ZIdSchema,
    notes: z.string().max(2000),
    /** What was scanned: the UPC and the serials must match the receipt (001 §5). */
    scannedUpc: z.string().trim().max(20).optional(),
    scannedSerialNumbers: ZScannedSerialsSchema.optional(),
    /** Made by the client per un-receipt: a retried request with the same id is applied once and answers the same. */
    clientScanId: z.string().trim().min(8).max(64).optional(),
  })
  .meta({ id: 'Unreceive' });

export const unreceiveRoute = defineRoute({
  method: 'POST',
  path: '/api/transacted-receipts/{imsTransactionReferenceId}/unreceive',
  access: 'purchase-order:un-receive',
  summary: 'Un-receive a receipt: a new, reversing ledger transaction',
  tag: 'receiving',
  params: z.object({ imsTransactionReferenceId: ZTransactionReferenceSchema }),
  body: ZUnreceiveSchema,
  response: z.object({
    message: z.literal('Success'),
    transactionReferenceId: z.string(),
    remaining_transacted_receipts: z.array(ZTransactedReceiptSchema),
  }),
});

export const poItemSerialsRoute = defineRoute({
  method: 'GET',
  path: '/api/ims/transacted-receipts/poItem/serials/{id}',
  access: 'purchase-order:view',
  summary:
    'Serials received on a PO line (View Serials): the receipt serial fields of 001 §3, with where each serial is now',
  tag: 'receiving',
  params: z.object({ id: ZIdSchema }),
  response: z.object({
    data: z.array(
      ZReceiptSerialSchema.extend({
        serial_number: z.string(),
        inventory_serial_id: z.number().int(),
        ims_transaction_reference_id: z.string(),
        received_at: z.string(),
        disposition_code: z.string(),
        location_code: z.string().nullable(),
        condition_code: z.string().nullable(),
      }),
    ),
  }),
});

/** Scan setup payload (001 §3); the untracked one of masterBoxQty / numOfSerialsPerItem is sent as null. */
export const ZScanSetupSchema = z
  .object({
    model: z.string().trim().min(1).max(100),
    serialNumberTracked: z.union([z.boolean(), z.literal(0), z.literal(1)]),
    masterCartonCode: z.string().trim().max(20).nullish(),
    masterBoxQty: z.number().int().min(1).max(10_000).nullish(),
    numOfSerialsPerItem: z.number().int().min(1).max(10).nullish(),
    upc: z.string().trim().max(20).nullish(),
    alternateUpc: z.string().trim().max(20).nullish(),
  })
  .meta({ id: 'ScanSetup' });

export const scanSetupRoute = defineRoute({
  method: 'PUT',
  path: '/api/ims/scan-setup/updateProductManagerProduct',
  access: 'purchase-order:receive',
  summary: "Update a product's scan setup; rule errors answer 422 as an object of field to messages",
  tag: 'receiving',
  body: ZScanSetupSchema,
  response: z.object({ message: z.literal('Updated!') }),
});
