import { PDFParse } from 'pdf-parse';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { signInAs } from '../../support/session';
import { shoot } from '../../support/shots';

const SHOTS = '../.shots/quotes';

/** A toast by its text. */
const toast = (page: Page, text: string) => page.getByTestId('toasts').locator('[role=alert]', { hasText: text });

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 3).toString(36)}`.replace(
    /\d/g,
    (d) => 'abcdefghij'[Number(d)]!,
  );
}

interface QuoteSummary {
  id: number;
}
interface QuoteFull {
  items: { model: string }[];
}

test('sales-1 builds a quote with units and labor from a contact, prints it, converts it and opens the work order', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await apiAs(request, 'sales-1');
  const last = `Quotely${uniqueSuffix()}`;
  const contact = await api.send<{ id: number }>('POST', '/api/contact/store', {
    first_name: 'Quinn',
    last_name: last,
    address: '12 Elm St',
    city: 'Louisville',
    state: 'KY',
    zip: '40202',
  });
  // A product the demo quotes took from KY01's stock (it had at least 6 units there): one more unit is available.
  const open = await api.send<{ data: QuoteSummary[] }>('POST', '/api/quote/search', {
    searchKey: 'status',
    searchValue: 'OPEN',
  });
  const demo = await api.get<QuoteFull>(`/api/quote/getFull/${open.data.at(-1)!.id}`);
  const model = demo.items.at(-1)!.model;

  await signInAs(page, 'sales-1');
  await page.goto(`/contacts/details?id=${contact.id}`);
  const quotesCard = page.getByTestId('contact-quotes');
  await expect(quotesCard).toContainText('No quotes yet.');
  await quotesCard.getByRole('link', { name: 'New Quote' }).click();
  await expect(page).toHaveURL(/\/quotes\/create\?contactId=/);
  await expect(page.getByLabel('Sold to (contact name)')).toHaveValue(`Quinn ${last}`);
  await page.getByRole('button', { name: 'Create Quote' }).click();
  await expect(toast(page, 'New Quote Created!')).toBeVisible();
  await expect(page).toHaveURL(/\/quotes\/\d+$/);
  const quoteId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const quoteNumber = `Q-${String(quoteId).padStart(6, '0')}`;
  await expect(page.getByRole('heading', { name: `Quote ${quoteNumber}` })).toBeVisible();
  await expect(page.getByTestId('quote-sold_contact_id')).toContainText(`Quinn ${last}`);
  await expect(page.getByTestId('quote-ship_contact_id')).toContainText(`Quinn ${last}`);

  // A unit: product search (500 ms debounce), quantity 2 at $100.00.
  const addUnit = page.getByTestId('add-unit-form');
  await addUnit.getByLabel('Product model').fill(model);
  await page.getByRole('option', { name: model, exact: true }).click();
  await addUnit.getByLabel('Qty').fill('2');
  await addUnit.getByLabel('Unit price').fill('100');
  await addUnit.getByRole('button', { name: 'Add Unit' }).click();
  await expect(toast(page, 'New Item Added to Quote!')).toBeVisible();
  await expect(page.getByTestId('quote-item-row')).toHaveCount(1);
  await expect(page.getByTestId('item-line-total')).toHaveText('$200.00');

  // Labor: 1.5 h at $80.00 and a flat haul-away of $35.00.
  const addLabor = page.getByTestId('add-labor-form');
  await addLabor.getByLabel('Labor description').fill('Install and level');
  await addLabor.getByLabel('Hours').fill('1.5');
  await addLabor.getByLabel('Rate / hour').fill('80');
  await addLabor.getByRole('button', { name: 'Add Labor' }).click();
  await expect(page.getByTestId('labor-row')).toHaveCount(1);
  await expect(page.getByTestId('labor-amount')).toHaveText('$120.00');

  // Change the unit's quantity to 1: 'Quote Updated!'.
  const row = page.getByTestId('quote-item-row');
  await row.getByLabel('Qty').fill('1');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Quote Updated!')).toBeVisible();
  await expect(page.getByTestId('item-line-total')).toHaveText('$100.00');

  // Shipping $15.00 from the details: 'Quote Updated Successfully!'. Tax: KY collects for walts, 6% of (100 + 120).
  await page.getByTestId('quote-shipping-input').fill('15');
  await page.getByRole('button', { name: 'Save Quote' }).click();
  await expect(toast(page, 'Quote Updated Successfully!').last()).toBeVisible();
  await expect(page.getByTestId('total-products')).toHaveText('$100.00');
  await expect(page.getByTestId('total-labor')).toHaveText('$120.00');
  await expect(page.getByTestId('total-shipping')).toHaveText('$15.00');
  await expect(page.getByTestId('total-tax')).toHaveText('$13.20');
  await expect(page.getByTestId('total-total')).toHaveText('$248.20');
  await shoot(page, SHOTS, 'quote-page');

  // Print: the PDF answers and holds the quote number.
  const pdfResponse = page.waitForResponse((r) => r.url().endsWith(`/api/quote/${quoteId}/pdf`));
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Print' }).click();
  const pdf = await pdfResponse;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  // The page's fetch hands its body to a blob URL; the same call through the API gives the bytes to read.
  const bytes = await (
    await request.get(`/api/quote/${quoteId}/pdf`, { headers: { authorization: `Bearer ${api.token}` } })
  ).body();
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain(quoteNumber);
  expect(text).toContain(model);
  expect(text).toContain('$248.20');
  await (await popup).close();

  // Convert to order (confirm), then the quote is locked and links to its work order.
  await page.getByRole('button', { name: 'Convert to Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Convert ${quoteNumber} to an order?`);
  await dialog.getByRole('button', { name: 'Convert to Order' }).click();
  await expect(page.getByTestId('quote-locked')).toBeVisible();
  await expect(toast(page, 'Quote converted to a work order WO-')).toBeVisible();
  await expect(page.getByTestId('quote-status')).toHaveText('Converted');
  await expect(page.getByRole('button', { name: 'Convert to Order' })).toHaveCount(0);
  await expect(page.getByTestId('add-unit-form')).toHaveCount(0);
  await expect(page.getByTestId('quote-item-row').getByLabel('Qty')).toBeDisabled();
  await shoot(page, SHOTS, 'quote-locked');
  await page.getByTestId('work-order-link').click();
  await expect(page).toHaveURL(/\/work-orders\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Work Order WO-\d{6}$/ })).toBeVisible();
  await expect(page.getByTestId('work-order-quote-link')).toHaveText(quoteNumber);
  await expect(page.getByTestId('work-order-unit')).toHaveCount(1);
  await expect(page.getByTestId('work-order-unit')).toContainText(model);
  await expect(page.getByTestId('work-order-unit')).toContainText(/CS-\d{7} from KY01/);
  await expect(page.getByTestId('work-order-unit-state')).toHaveText('Committed');
  await expect(page.getByTestId('work-order-labor')).toContainText('Install and level');
  await expect(page.getByTestId('total-total')).toHaveText('$248.20');
  await shoot(page, SHOTS, 'work-order');

  // The contact's page lists the quote; the quote search finds it by the contact's name and by number.
  await page.goto(`/contacts/details?id=${contact.id}`);
  await expect(page.getByTestId('contact-quote-list')).toContainText(quoteNumber);
  await page.goto('/quotes');
  await page.getByLabel('Search by').click();
  await page.getByRole('option', { name: 'Contact name' }).click();
  await page.getByLabel('Last Name').fill(last);
  await page.getByTestId('quote-search-form').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('quote-row')).toHaveCount(1);
  await expect(page.getByTestId('quote-row')).toContainText(quoteNumber);
  await expect(page.getByTestId('quote-row')).toContainText('Converted');
  await shoot(page, SHOTS, 'quote-search');
});

test('a quote converted with more units than KY01 has puts the rest on backorder, stated on the work order (issue 32)', async ({
  page,
  request,
}) => {
  const api = await apiAs(request, 'sales-1');
  const contact = await api.send<{ id: number }>('POST', '/api/contact/store', {
    first_name: 'Bea',
    last_name: `Backorder${uniqueSuffix()}`,
    state: 'KY',
  });
  // A product the demo quotes took from KY01's stock: it has a few units there, far fewer than 400. Not the product
  // of the test above (the last open quote's last item), which runs at the same time and needs its units.
  const open = await api.send<{ data: QuoteSummary[] }>('POST', '/api/quote/search', {
    searchKey: 'status',
    searchValue: 'OPEN',
  });
  const fullOf = (id: number) => api.get<{ items: { model: string; productId: number }[] }>(`/api/quote/getFull/${id}`);
  const taken = (await fullOf(open.data.at(-1)!.id)).items.at(-1)!.model;
  let product: { model: string; productId: number } | undefined;
  for (const q of open.data) {
    product = (await fullOf(q.id)).items.find((i) => i.model !== taken);
    if (product) break;
  }
  expect(product, 'the demo has an open quote of another product').toBeTruthy();
  product = product!;
  const quote = await api.send<{ quote: { id: number } }>('POST', '/api/quote/store', { sold_contact_id: contact.id });
  await api.send('POST', '/api/quote/item', {
    quote_id: quote.quote.id,
    productId: product.productId,
    number_units: 400,
    unit_price: 10,
  });
  const order = await api.get<{
    id: number;
    items: { backordered_units: number; backorder_reference: string | null }[];
  }>(`/api/quote/convertToOrder/${quote.quote.id}`);
  const short = order.items[0]!.backordered_units;
  expect(short).toBeGreaterThan(0);
  expect(short).toBeLessThanOrEqual(400);

  await signInAs(page, 'sales-1');
  await page.goto(`/work-orders/${order.id}`);
  await expect(page.getByTestId('work-order-unit')).toHaveCount(1);
  await expect(page.getByTestId('work-order-unit')).toContainText(product.model);
  await expect(page.getByTestId('work-order-unit-backorder')).toHaveText(
    `Backordered: ${short} (${order.items[0]!.backorder_reference}, waits for stock)`,
  );
  await shoot(page, SHOTS, 'work-order-backorder');
});
