import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

type TCard = { id: number; model: string; upc: string | null; serial_number_tracked: 0 | 1 };
type TTransfer = { ims_transaction_reference_id: string };
type TSale = { ims_transaction_reference_id: string; serials: { fk_inventory_serial_id: number | null }[] };

const unique = () => randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase();

/**
 * Issue 10 item 4: inbound transfers by batch name (newest reference first), product detail's committed transfers and
 * sales, the transfer and sale transaction detail, and the serial detail's committed-sale serial. Data is made through
 * the API: stock received at RUBY, transfers committed (and one transacted) into RUBY_FBA_INBOUND, a committed sale.
 */
test('inbound transfers, committed sections, transfer and sale transactions, committed-sale serial', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, 'admin');
  const pick = async (category: string, tracked: 0 | 1) => {
    const found = await api.get<{ data: TCard[] }>(
      `/api/inventory/products/search?category=${category}&includeInactive=1`,
    );
    const product = found.data
      .filter((p) => p.upc && p.serial_number_tracked === tracked && /^[A-Za-z0-9-]+$/.test(p.model))
      .at(1);
    expect(product, `a ${category} demo product`).toBeTruthy();
    return product!;
  };
  const hood = await pick('HOOD', 0);
  const microwave = await pick('MW', 1);
  const buckets = await api.get<Record<string, unknown>>('/api/buckets');
  expect(Object.keys(buckets)).toContain('RUBY_FBA_INBOUND');

  // Stock at RUBY: three hoods, one microwave with a serial.
  const vendor = await api.send<{ id: number }>('POST', '/api/vendor/', {
    company_name: `Inbound E2E ${unique()}`,
    vendor_type: 'sales',
  });
  const po = await api.send<{ id: number }>('POST', '/api/purchase', { vendorId: vendor.id, location_code: 'RUBY' });
  await api.send('POST', '/api/purchase/orderItem', { productId: hood.id, cost: 100, qty: 3, purchaseOrderId: po.id });
  const full = await api.send<{ data: { PO_LINES: { id: number; productId?: number; product?: { id: number } }[] } }>(
    'POST',
    '/api/purchase/orderItem',
    {
      productId: microwave.id,
      cost: 200,
      qty: 1,
      purchaseOrderId: po.id,
    },
  );
  const [hoodLine, mwLine] = full.data.PO_LINES;
  for (let i = 0; i < 3; i++) {
    await api.send('POST', '/api/scanner/receipt/quickScanReceive', {
      scannedUpc: hood.upc,
      model: hood.model,
      poApiPoId: po.id,
      poApiPoItemId: hoodLine!.id,
      receivingBucket: 'RUBY',
    });
  }
  const serial = `IN${unique()}`;
  await api.send('POST', '/api/scanner/receipt/quickScanReceive', {
    scannedUpc: microwave.upc,
    model: microwave.model,
    poApiPoId: po.id,
    poApiPoItemId: mwLine!.id,
    receivingBucket: 'RUBY',
    scannedSerialNumbers: [serial],
  });

  // Two transfers of one batch into the inbound bucket: the first transacted, the second only committed.
  const batch = `Truck ${unique()}`;
  const commit = (notes: string) =>
    api.send<TTransfer>('POST', '/api/ims/committed-transfers', {
      fromBucket: 'RUBY',
      toBucket: 'RUBY_FBA_INBOUND',
      model: hood.model,
      requestedQuantity: 1,
      posTransferBatchName: batch,
      posTransferBatchRefId: 'SHIP-E2E',
      senderSku: 'SKU-HOOD',
      scanningRequired: false,
      commitNotes: notes,
    });
  const first = await commit('First pallet');
  await api.send('POST', `/api/ims/committed-transfers/${first.ims_transaction_reference_id}/transact`, {
    transferredById: 'admin',
    transferNotes: 'Left the dock',
  });
  const second = await commit('Second pallet');

  // A committed sale of the microwave, with its serial.
  const invoice = `INV-${unique()}`;
  const sale = await api.send<TSale>('POST', '/api/ims/committed-sales', {
    legacyPosInvoiceId: invoice,
    model: microwave.model,
    quantity: 1,
    sourceBucket: 'RUBY',
    serials: [serial],
    scannedUpc: microwave.upc,
    commitNotes: 'Customer pickup',
    salesChannel: 'walmart',
  });
  const serialId = sale.serials[0]!.fk_inventory_serial_id!;

  await signInAs(page, 'warehouse-lead');

  // Inbound transfers by batch name: both, newest reference first, each linked to its transaction.
  await page.goto(`/inbound-transfers?searchType=posTransferBatchName&id=${encodeURIComponent(batch)}`);
  const cards = page.getByTestId('inbound-transfer-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-reference', second.ims_transaction_reference_id);
  await expect(cards.nth(1)).toHaveAttribute('data-reference', first.ims_transaction_reference_id);
  await expect(cards.nth(0)).toContainText('Committed');
  await expect(cards.nth(0)).toContainText('Second pallet');
  await expect(cards.nth(1)).toContainText('Transferred');
  await expect(cards.nth(1)).toContainText('RUBY → RUBY_FBA_INBOUND');
  await expect(cards.nth(1)).toContainText('SKU-HOOD');
  await expect(cards.nth(1)).toContainText('SHIP-E2E');
  // Searched from the form, an unknown batch shows the empty state.
  await page.getByTestId('inbound-search-value').fill('No such batch');
  await page.getByTestId('inbound-search-value').press('Enter');
  await expect(page.getByTestId('inbound-empty')).toContainText('No inbound transfers');

  // The transacted transfer's transaction: the 002 §3 fields.
  await page.goto(`/inbound-transfers?searchType=posTransferBatchName&id=${encodeURIComponent(batch)}`);
  await cards.nth(1).getByRole('link', { name: first.ims_transaction_reference_id }).click();
  await expect(page).toHaveURL(`/inventory-transactions/${first.ims_transaction_reference_id}`);
  const transfer = page.getByTestId('transfer-fields');
  await expect(transfer).toContainText(batch);
  await expect(transfer).toContainText('SHIP-E2E');
  await expect(transfer).toContainText('RUBY_FBA_INBOUND');
  await expect(transfer).toContainText('Left the dock');
  await expect(page.getByTestId('transaction-detail')).toContainText('Inventory Transfer');
  await expect(page.getByTestId('transaction-detail')).toContainText(/IT-\d+/);

  // The transaction search by batch name lists both.
  await page.goto(`/inventory-transactions/search?searchType=posTransferBatchName&id=${encodeURIComponent(batch)}`);
  await expect(page.getByTestId('transfer-batch-results').getByRole('row')).toHaveCount(3);

  // Product detail: the hood's committed transfer, the microwave's committed sale.
  await page.goto(`/inventory/detail/model/${encodeURIComponent(hood.model)}`);
  const transfers = page.getByTestId('committed-transfers-section');
  await expect(transfers).toContainText(second.ims_transaction_reference_id);
  await expect(transfers).not.toContainText(first.ims_transaction_reference_id);
  await expect(transfers.getByRole('link', { name: 'Inventory Transfer' })).toHaveAttribute(
    'href',
    `/inventory/transfer/${encodeURIComponent(hood.model)}`,
  );
  await page.goto(`/inventory/detail/model/${encodeURIComponent(microwave.model)}`);
  const sales = page.getByTestId('committed-sales-section');
  await expect(sales).toContainText(invoice);
  await expect(sales).toContainText(sale.ims_transaction_reference_id);

  // Serial detail: the committed-sale serial card, linked to the sale.
  await page.goto(`/inventory-serials/${serialId}`);
  const saleCard = page.getByTestId('committed-sale-serial-card');
  await expect(saleCard).toContainText(invoice);
  await expect(saleCard).toContainText('Committed');
  await expect(page.getByTestId('serial-history-day')).toHaveCount(1);
  // Its invoice opens the committed sales board searched by it (the sale is open; it came from no work order).
  await saleCard.getByTestId('committed-sale-invoice-link').click();
  await expect(page).toHaveURL(`/boards/committed-sales?search=${encodeURIComponent(invoice)}`);
  await expect(page.getByTestId('committed-sales-search')).toHaveValue(invoice);
  await expect(page.getByTestId('committed-sale-row')).toHaveCount(1);
  await expect(page.getByTestId('committed-sale-row')).toHaveAttribute(
    'data-reference',
    sale.ims_transaction_reference_id,
  );

  // Transacted, the sale's transaction shows its fields, the serial sold.
  await api.send('POST', `/api/ims/committed-sales/${sale.ims_transaction_reference_id}/transact`, {
    invoicedByName: 'pos-user',
    finishNotes: 'Handed over',
  });
  await page.goto(`/inventory-serials/${serialId}`);
  await expect(saleCard).toContainText('Sold');
  await saleCard.getByRole('link', { name: /^IS-/ }).click();
  await expect(page).toHaveURL(/\/inventory-transactions\/IS-\d+$/);
  const saleFields = page.getByTestId('sale-fields');
  await expect(saleFields).toContainText(invoice);
  await expect(saleFields).toContainText(sale.ims_transaction_reference_id);
  await expect(saleFields).toContainText(serial);
  await expect(saleFields).toContainText('Handed over');
  // 001 §3: the sale type (its channel) and its work order (none: a point-of-sale line).
  await expect(saleFields).toContainText('Sale Type Code');
  await expect(saleFields).toContainText('walmart');
  await expect(saleFields).toContainText('POS Work Order ID');
  await shoot(page, '/tmp/shots-inventory', 'sale-transaction');
  await expect(page.getByTestId('transaction-detail')).toContainText('Inventory Sale');
  // Sold and not from a work order: its invoice has no view to open.
  await page.goto(`/inventory-serials/${serialId}`);
  await expect(saleCard).toContainText('Sold');
  await expect(saleCard.getByTestId('committed-sale-invoice-link')).toHaveCount(0);
  await shoot(page, '/tmp/shots-inventory', 'serial-detail-sold');
});
