import { expect, type APIRequestContext } from '@playwright/test';
import { requestToken } from './session';

/** Signs in through the API as a demo user; answers a caller for JSON requests with its bearer token. */
export async function apiAs(request: APIRequestContext, username: string) {
  const token = (await requestToken(request, username)).access_token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    token,
    async get<T = unknown>(url: string): Promise<T> {
      const r = await request.get(url, { headers });
      expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
      return (await r.json()) as T;
    },
    async send<T = unknown>(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
      const r = await request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
      expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
      return (r.status() === 204 ? null : await r.json()) as T;
    },
  };
}
