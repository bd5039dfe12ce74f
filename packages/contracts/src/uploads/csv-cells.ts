/** Zero-width characters (002 §5): stripped from every cell. */
// An alternation, not a character class: a class holding the zero-width joiner reads as a joined sequence.
export const ZERO_WIDTH = /\u200B|\u200C|\u200D|\u2060|\uFEFF/g;

/** Strips the zero-width characters (002 §5) and surrounding white space. */
export function cleanCell(value: string): string {
  return value.replace(ZERO_WIDTH, '').trim();
}

/** A header's canonical key: lower case, spaces and underscores as hyphens (`Settlement ID` → `settlement-id`). */
export function headerKey(name: string): string {
  return cleanCell(name)
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}
