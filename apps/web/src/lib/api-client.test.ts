import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, FILE_TYPES, ROLE_HEADER, uploadAccept } from '@keystone/contracts';
import { ApiCallError, callApi, downloadFile, uploadFile } from './api-client';
import { useMessageQueue } from './message-queue';
import { useSession } from './session-store';

const uploadRoute = defineRoute({
  method: 'POST',
  path: '/api/things/{id}/upload',
  access: 'purchasing:reports',
  summary: 'test upload',
  tag: 'test',
  params: z.object({ id: z.number() }),
  response: z.object({ filename: z.string() }),
  upload: {
    field: 'sheet',
    maxBytes: 1000,
    types: [FILE_TYPES.csv],
    extensions: ['.csv'],
    read: 'bytes',
    messages: { notMultipart: 'not multipart', missing: 'missing', tooLarge: 'too large' },
  },
});

const downloadRoute = defineRoute({
  method: 'GET',
  path: '/api/things/{id}/pdf',
  access: 'purchasing:reports',
  summary: 'test download',
  tag: 'test',
  params: z.object({ id: z.number() }),
  query: z.object({ format: z.string().optional() }),
  response: z.any(),
  download: { contentTypes: [FILE_TYPES.pdf], fileName: 'thing.pdf' },
});

const jsonRoute = defineRoute({
  method: 'GET',
  path: '/api/things',
  access: 'purchasing:reports',
  summary: 'test',
  tag: 'test',
  response: z.object({ n: z.number() }),
});

type Call = { url: string; init: RequestInit };
let calls: Call[];
let answer: () => Response;

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  });
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  useSession.getState().signIn({ accessToken: 'tok-1', username: 'ann', role: 'purchasing' });
  useMessageQueue.setState({ messages: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const refusal = (status: number, headers: Record<string, string> = {}) =>
  new Response(
    JSON.stringify({ statusCode: status, error: 'x', message: 'refused', errors: { sheet: ['too large'] } }),
    { status, headers: { 'content-type': 'application/json', ...headers } },
  );

describe('uploadFile', () => {
  it('sends the file in the field the contract declares, to the contract path, with the token', async () => {
    answer = () =>
      new Response(JSON.stringify({ filename: 'a.csv' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const file = new File(['a,b\n1,2\n'], 'a.csv', { type: 'text/csv' });
    await expect(uploadFile(uploadRoute, { params: { id: 7 }, file, fields: { note: 'x' } })).resolves.toEqual({
      filename: 'a.csv',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/things/7/upload');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    // The browser writes the multipart content type with its boundary: none is set by hand.
    expect((calls[0]!.init.headers as Record<string, string>)['content-type']).toBeUndefined();
    const form = calls[0]!.init.body as FormData;
    expect((form.get('sheet') as File).name).toBe('a.csv');
    expect(form.get('note')).toBe('x');
  });

  it('throws the refusal as an ApiCallError with its body, queues a toast unless silent, and follows a role change', async () => {
    answer = () => refusal(413, { [ROLE_HEADER]: 'warehouse' });
    const file = new File(['x'], 'a.csv');
    const error = await uploadFile(uploadRoute, { params: { id: 1 }, file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).status).toBe(413);
    expect((error as ApiCallError).body).toMatchObject({ errors: { sheet: ['too large'] } });
    expect(useMessageQueue.getState().messages.map((m) => m.message)).toEqual(['/api/things/1/upload']);
    expect(useSession.getState().role).toBe('warehouse');
    await uploadFile(uploadRoute, { params: { id: 1 }, file, silent: true }).catch(() => {});
    expect(useMessageQueue.getState().messages).toHaveLength(1);
  });

  it('signs out on a 401 of the signed-in session', async () => {
    answer = () => refusal(401);
    await expect(
      uploadFile(uploadRoute, { params: { id: 1 }, file: new File(['x'], 'a.csv'), silent: true }),
    ).rejects.toBeInstanceOf(ApiCallError);
    expect(useSession.getState().accessToken).toBeNull();
    expect(useSession.getState().signOutReason).toBe('expired');
  });
});

describe('downloadFile', () => {
  it('fetches the contract path and query with the token, answering the file and the name the answer gives', async () => {
    answer = () =>
      new Response(new Uint8Array([37, 80, 68, 70]), {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'inline; filename="quote-Q-1.pdf"' },
      });
    const file = await downloadFile(downloadRoute, { params: { id: 3 }, query: { format: 'pdf' } });
    expect(calls[0]!.url).toBe('/api/things/3/pdf?format=pdf');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect((calls[0]!.init.headers as Record<string, string>).accept).toBe('application/pdf, application/json');
    expect(file.fileName).toBe('quote-Q-1.pdf');
    expect(file.blob.size).toBe(4);
  });

  it("falls back to the contract's file name, and reports progress when asked", async () => {
    answer = () =>
      new Response('0123456789', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-length': '10' },
      });
    const progress: { loaded: number; total: number | null }[] = [];
    const file = await downloadFile(downloadRoute, {
      params: { id: 3 },
      query: {},
      onProgress: (p) => progress.push(p),
    });
    expect(file.fileName).toBe('thing.pdf');
    expect(progress.at(-1)).toEqual({ loaded: 10, total: 10 });
  });

  it('handles a refusal as callApi does: toast, role change, ApiCallError with the parsed body, sign-out on 401', async () => {
    answer = () => refusal(404, { [ROLE_HEADER]: 'sales' });
    const error = await downloadFile(downloadRoute, { params: { id: 9 }, query: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect((error as ApiCallError).body).toMatchObject({ message: 'refused' });
    expect(useMessageQueue.getState().messages.map((m) => m.message)).toEqual(['/api/things/9/pdf']);
    expect(useSession.getState().role).toBe('sales');
    answer = () => refusal(401);
    await downloadFile(downloadRoute, { params: { id: 9 }, query: {}, silent: true }).catch(() => {});
    expect(useSession.getState().accessToken).toBeNull();
  });
});

describe('callApi', () => {
  it('reads a JSON answer through the same handling, and refuses a file route', async () => {
    answer = () => new Response(JSON.stringify({ n: 1 }), { status: 200, headers: { [ROLE_HEADER]: 'admin' } });
    await expect(callApi(jsonRoute, {})).resolves.toEqual({ n: 1 });
    expect(useSession.getState().role).toBe('admin');
    await expect(callApi(downloadRoute as never, { params: { id: 1 } } as never)).rejects.toThrow(/downloadFile/);
  });
});

describe('uploadAccept', () => {
  it("is the upload's media types and name endings, for a file picker", () => {
    expect(uploadAccept(uploadRoute.upload)).toBe('text/csv,.csv');
  });
});
