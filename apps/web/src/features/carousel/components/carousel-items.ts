import {
  CAROUSEL_MESSAGES,
  carouselLinkError,
  type TCarouselImage,
  type TCarouselItemInput,
} from '@keystone/contracts';

/** 002 §3 Carousel item as the editor holds it: id, link, img and its errors (the upload's, if any). */
export interface EditorItem {
  id: number;
  link: string;
  img: string;
  uploading: boolean;
  uploadError: string | null;
}

let nextId = 1;
export const newItem = (link = '', img = ''): EditorItem => ({
  id: nextId++,
  link,
  img,
  uploading: false,
  uploadError: null,
});
export const fromSaved = (saved: readonly TCarouselImage[]): EditorItem[] => saved.map((s) => newItem(s.link, s.image));

/** An item's errors (002 §5): 'Invalid URL' for a link that is not https; an image is needed; the upload's message. */
export function itemErrors(item: EditorItem): { link: string | null; img: string | null } {
  return {
    link: carouselLinkError(item.link.trim()),
    img: item.uploadError ?? (item.img ? null : CAROUSEL_MESSAGES.imageRequired),
  };
}

export const hasErrors = (items: readonly EditorItem[]) =>
  items.some((i) => i.uploading || Object.values(itemErrors(i)).some(Boolean));

/** Moves the item at `index` by -1 (up) or +1 (down); the list unchanged at either end. */
export function move<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Removes an item, never the last one (002 §5). */
export const remove = <T>(items: readonly T[], index: number): T[] =>
  items.length <= 1 ? [...items] : items.filter((_, i) => i !== index);

/** Whether the editor differs from the saved list (order, links or images). */
export const isDirty = (items: readonly EditorItem[], saved: readonly TCarouselImage[]) =>
  items.length !== saved.length ||
  items.some((item, i) => item.link !== saved[i]!.link || item.img !== saved[i]!.image);

export const toInput = (items: readonly EditorItem[]): TCarouselItemInput[] =>
  items.map((i) => ({ id: i.id, link: i.link.trim(), img: i.img }));
