import {
  attachedApInvoicesRoute,
  createApInvoiceRoute,
  createFinanceCompanyRoute,
  deleteApInvoiceRoute,
  linkApInvoicePurchaseOrderRoute,
  listApInvoicesRoute,
  exportApInvoicesRoute,
  listFinanceCompaniesRoute,
} from '@keystone/contracts';
import type { ModuleContext } from '../module-context.js';

/** Accounts-payable invoices and finance companies (001 §7 Invoices). */
export function registerInvoicesRoutes({ route, services }: ModuleContext): void {
  const { invoices } = services;
  route(listFinanceCompaniesRoute, async () => ({ data: await invoices.listFinanceCompanies() }));
  route(createFinanceCompanyRoute, async ({ body }) => invoices.createFinanceCompany(body));
  route(listApInvoicesRoute, async ({ query }) => invoices.search(query));
  route(exportApInvoicesRoute, async ({ query }) => invoices.export(query));
  route(createApInvoiceRoute, async ({ body }) => invoices.create(body));
  route(linkApInvoicePurchaseOrderRoute, async ({ body }) =>
    invoices.linkPurchaseOrder(
      body.id,
      body.purchase_id !== undefined ? { poNumber: body.purchase_id } : (body.purchase_order_id ?? null),
    ),
  );
  route(deleteApInvoiceRoute, async ({ params }) => {
    await invoices.delete(params.id);
    return null;
  });
  route(attachedApInvoicesRoute, async ({ params }) => ({ data: await invoices.attachedTo(params.poId) }));
}
