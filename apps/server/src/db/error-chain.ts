/** The fields the product reads of a database error (the driver's, or a wrapper's around it). */
export interface DatabaseErrorLike {
  code?: unknown;
  constraint_name?: string;
  constraint?: string;
  detail?: unknown;
  message?: string;
  cause?: unknown;
}

/** An error and its causes (the driver's error wrapped by Drizzle's), outermost first, at most `max` of them. */
export function errorChain(error: unknown, max = 5): DatabaseErrorLike[] {
  const chain: DatabaseErrorLike[] = [];
  for (
    let e = error as DatabaseErrorLike | null | undefined;
    e && chain.length < max;
    e = e.cause as DatabaseErrorLike | undefined
  )
    chain.push(e);
  return chain;
}
