import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, FILE_TYPES } from '@keystone/contracts';
import { installErrorHandler } from './errors.js';
import { registerRoute } from './register-route.js';
import { MULTIPART_LIMITS } from './upload-reader.js';

const messages = {
  notMultipart: 'Send a multipart body.',
  missing: 'Choose a sheet.',
  tooLarge: 'At most 64 bytes.',
  wrongType: 'A .csv file only.',
};

/** Routes declared only by their contracts: the registration reads the upload, the handler sees the file. */
const bytesRoute = defineRoute({
  method: 'POST',
  path: '/t/bytes',
  access: 'public',
  summary: 'bytes',
  tag: 'test',
  response: z.object({ name: z.string(), size: z.number() }),
  upload: { field: 'sheet', maxBytes: 64, types: [FILE_TYPES.csv], extensions: ['.csv'], read: 'bytes', messages },
});
const streamRoute = defineRoute({
  method: 'POST',
  path: '/t/stream',
  access: 'public',
  summary: 'stream',
  tag: 'test',
  response: z.object({ size: z.number() }),
  upload: { field: 'doc', maxBytes: 64, types: [FILE_TYPES.text], read: 'stream', messages, missingStatus: 422 },
});

const app = Fastify();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, fileSize: 1_000_000 }, throwFileSizeLimit: true });
  const authenticate = async () => null;
  registerRoute(app, authenticate, bytesRoute, async ({ file }) => ({ name: file.filename, size: file.bytes.length }));
  registerRoute(app, authenticate, streamRoute, async ({ file }) => {
    let size = 0;
    for await (const chunk of file.stream) size += (chunk as Buffer).length;
    return { size };
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, field: string, name: string, bytes: number) => {
  const form = new FormData();
  form.append(field, new Blob([Buffer.alloc(bytes, 'a')], { type: 'text/csv' }), name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return request.arrayBuffer().then((payload) =>
    app.inject({
      method: 'POST',
      url,
      payload: Buffer.from(payload),
      headers: { 'content-type': request.headers.get('content-type')! },
    }),
  );
};

describe('the upload reader, applied from the contract', () => {
  it('hands the handler the file when it fits the declaration', async () => {
    const res = await post('/t/bytes', 'sheet', 'a.csv', 64);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ name: 'a.csv', size: 64 });
    const streamed = await post('/t/stream', 'doc', 'a.txt', 64);
    expect(streamed.json()).toEqual({ size: 64 });
  });

  it('refuses a file over the declared size with 413 naming the field, read whole or as a stream', async () => {
    const res = await post('/t/bytes', 'sheet', 'a.csv', 65);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ sheet: [messages.tooLarge] });
    const streamed = await post('/t/stream', 'doc', 'a.txt', 65);
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().errors).toEqual({ doc: [messages.tooLarge] });
  });

  it('refuses a name without a declared ending, a file in another field and a body that is not multipart, naming the field', async () => {
    const wrongType = await post('/t/bytes', 'sheet', 'a.xlsx', 10);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual({ sheet: [messages.wrongType] });
    const wrongField = await post('/t/bytes', 'file', 'a.csv', 10);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual({ sheet: [messages.missing] });
    const missing422 = await post('/t/stream', 'file', 'a.txt', 10);
    expect(missing422.statusCode).toBe(422);
    expect(missing422.json().errors).toEqual({ doc: [messages.missing] });
    const json = await app.inject({ method: 'POST', url: '/t/bytes', payload: { sheet: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().errors).toEqual({ sheet: [messages.notMultipart] });
  });
});
