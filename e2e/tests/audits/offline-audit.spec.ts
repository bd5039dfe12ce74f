import { expect, test } from '@playwright/test';
import { apiAs } from '../../support/api';
import { auditProduct, createAuditByApi, requestItemByApi } from '../../support/audits';
import { deviceProfile, serviceWorkerReady, setNetwork, storeSession } from '../../support/offline';
import { requestToken, wedgeScans } from '../../support/session';

/**
 * An audit count through a dead spot: the audit opened online, 20 units counted offline, a reload (the page from
 * the service worker, the audit's reads from its cache), 10 more, the browser closed and opened again online: the
 * item's tally is 30, each unit once. A K product of its own (pick 9).
 */
test('an audit counted offline through a reload and a closed browser: a tally of 30 when the network returns', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const { product } = await auditProduct(request, { qty: 2, tracked: false, pick: 9 });
  const batch = await createAuditByApi(request, 'warehouse-lead', `E2E offline count ${Date.now()}`);
  const { ims_transaction_reference_id: ref } = await requestItemByApi(
    request,
    'warehouse-lead',
    batch,
    product.model_number,
    false,
  );
  const lead = await apiAs(request, 'warehouse-lead');
  const tallied = async () =>
    (
      await lead.get<{ committed: { ims_transaction_reference_id: string; tallied_quantity: number }[] }>(
        `/api/audit-scans/items?auditBatchId=${batch.audit_batch_id}`,
      )
    ).committed.find((i) => i.ims_transaction_reference_id === ref)!.tallied_quantity;
  const token = await requestToken(request, 'warehouse-lead');
  const device = deviceProfile();
  try {
    let context = await device.open();
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    await storeSession(page, token);
    await page.goto('/');
    await serviceWorkerReady(page);

    const openCount = async () => {
      await page.getByTestId('audit-item-row').filter({ hasText: product.model_number }).first().waitFor();
      await page.getByTestId('continue-scanning').first().click();
      const dialog = page.getByTestId('audit-scan-dialog');
      await expect(dialog.getByTestId('audit-scan-upc')).toBeFocused();
      return dialog;
    };
    await page.goto(`/inventory/audit-scans/${batch.audit_batch_id}`);
    await openCount();
    await setNetwork(context, false);
    await wedgeScans(
      page,
      Array.from({ length: 20 }, () => product.upc!),
    );
    await expect(page.getByTestId('scans-waiting')).toHaveText('20 scans waiting', { timeout: 15_000 });

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await openCount();
    await wedgeScans(
      page,
      Array.from({ length: 10 }, () => product.upc!),
    );
    await expect(page.getByTestId('scans-waiting')).toHaveText('30 scans waiting', { timeout: 15_000 });
    expect(await tallied()).toBe(0);

    await context.close();
    context = await device.open();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/scans-waiting');
    await expect.poll(tallied, { timeout: 30_000 }).toBe(30);
    await expect(page.getByTestId('nothing-waiting')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('scans-waiting')).toHaveCount(0);
    await context.close();
  } finally {
    device.remove();
  }
});
