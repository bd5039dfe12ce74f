/**
 * The header every signed-in answer carries with the caller's current role, so a client learns of a role change
 * (the role editor's) at its next call. Kept free of zod: the web shell's first download imports it.
 */
export const ROLE_HEADER = 'x-keystone-role';
