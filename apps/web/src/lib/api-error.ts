/** A call the server answered with a non-ok status: the status, the parsed body and the URL. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly url: string,
  ) {
    super(`${status} ${url}`);
  }
}

/** The `message` of a refused call's answer (the server's §5/§8 text), or null. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiCallError)) return null;
  const body = error.body as { message?: unknown } | null;
  return body && typeof body === 'object' && typeof body.message === 'string' && body.message ? body.message : null;
}
