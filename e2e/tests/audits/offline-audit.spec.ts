import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../../support/api';
import { auditProduct, createAuditByApi, requestItemByApi } from '../../support/audits';
import { deviceProfile, offlineDrill } from '../../support/offline';
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
  const openCount = async (page: Page) => {
    await page.getByTestId('audit-item-row').filter({ hasText: product.model_number }).first().waitFor();
    await page.getByTestId('continue-scanning').first().click();
    await expect(page.getByTestId('audit-scan-dialog').getByTestId('audit-scan-upc')).toBeFocused();
  };
  try {
    await offlineDrill(device, {
      token,
      first: 20,
      then: 10,
      open: async (page, online) => {
        if (online) await page.goto(`/inventory/audit-scans/${batch.audit_batch_id}`);
        await openCount(page);
      },
      scan: (page, count) =>
        wedgeScans(
          page,
          Array.from({ length: count }, () => product.upc!),
        ),
      recorded: tallied,
    });
  } finally {
    await device.remove();
  }
});
