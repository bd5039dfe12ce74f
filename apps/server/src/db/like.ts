/** User text inside a LIKE pattern: its `\`, `%` and `_` match themselves (PostgreSQL's default escape is `\`). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
