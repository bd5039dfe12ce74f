import { describe, expect, it } from 'vitest';
import { CAROUSEL_MESSAGES } from '@keystone/contracts';
import { fromSaved, hasErrors, isDirty, itemErrors, move, newItem, remove } from './carousel-items';

describe('carousel editor items (002 §5)', () => {
  it("flags a link without https as 'Invalid URL' and an item without image", () => {
    expect(itemErrors(newItem('https://keystone.example/a', '/uploads/carousel/x.png'))).toEqual({
      link: null,
      img: null,
    });
    expect(itemErrors(newItem('http://keystone.example/a', '/x.png')).link).toBe('Invalid URL');
    expect(itemErrors(newItem('keystone.example', '/x.png')).link).toBe('Invalid URL');
    expect(itemErrors(newItem('https://keystone.example', '')).img).toBe(CAROUSEL_MESSAGES.imageRequired);
    expect(hasErrors([newItem('https://a.example', '/x.png'), newItem('ftp://a.example', '/x.png')])).toBe(true);
    expect(hasErrors([{ ...newItem('https://a.example', '/x.png'), uploading: true }])).toBe(true);
    expect(hasErrors([newItem('https://a.example', '/x.png')])).toBe(false);
  });

  it('moves up and down within the list, and never removes the last item', () => {
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(remove([1, 2], 0)).toEqual([2]);
    expect(remove([1], 0)).toEqual([1]);
  });

  it('is dirty after a change of order, link or image, and clean as saved', () => {
    const saved = [
      { link: 'https://a.example', image: '/a.png' },
      { link: 'https://b.example', image: '/b.png' },
    ];
    const items = fromSaved(saved);
    expect(isDirty(items, saved)).toBe(false);
    expect(isDirty(move(items, 0, 1), saved)).toBe(true);
    expect(isDirty([items[0]!, { ...items[1]!, link: 'https://c.example' }], saved)).toBe(true);
    expect(isDirty(items.slice(1), saved)).toBe(true);
  });
});
