import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser.js';

describe('SseParser', () => {
  it('splits events across arbitrary chunk boundaries, skipping comments and joining data lines', () => {
    const parser = new SseParser();
    const text =
      ': keep-alive\n\nevent: ready\ndata: {"topics":["committed-sales"]}\n\nevent: change\r\ndata: {"a":\r\ndata: 1}\r\n\r\ndata: plain\n\n';
    const events = [];
    for (let i = 0; i < text.length; i += 3) events.push(...parser.push(text.slice(i, i + 3)));
    expect(events).toEqual([
      { event: 'ready', data: '{"topics":["committed-sales"]}' },
      { event: 'change', data: '{"a":\n1}' },
      { event: 'message', data: 'plain' },
    ]);
  });
});
