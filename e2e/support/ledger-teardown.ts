import { request } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { DEMO_PASSWORD } from './session';

/**
 * After the whole browser suite (docs/decisions.md, "A model-based test of the whole ledger"): the product's own ledger check must be clean after everything the tests
 * did as users (receipts, transfers, sales, picks, bins, audits, adjustments on the shared demo server). A difference
 * fails the run, listed.
 */
export default async function ledgerCheckAfterTheSuite(): Promise<void> {
  const api = await request.newContext({ baseURL });
  try {
    const signIn = await api.post('/oauth/token', {
      data: {
        grant_type: 'password',
        username: 'developer',
        password: DEMO_PASSWORD,
        client_id: 'keystone-web',
        client_secret: 'keystone-web-public',
      },
    });
    if (!signIn.ok())
      throw new Error(`ledger check after the suite: sign-in refused (${signIn.status()}): ${await signIn.text()}`);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const res = await api.get('/api/ledger/check', { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok()) throw new Error(`ledger check after the suite answered ${res.status()}: ${await res.text()}`);
    const body = (await res.json()) as { clean: boolean; differences: unknown[] };
    if (!body.clean)
      throw new Error(
        `the ledger check is not clean after the browser suite: ${JSON.stringify(body.differences.slice(0, 20))}`,
      );
    console.log('ledger check after the browser suite: clean');
  } finally {
    await api.dispose();
  }
}
