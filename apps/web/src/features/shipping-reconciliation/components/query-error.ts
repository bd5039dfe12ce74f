import { RECONCILIATION_MESSAGES as M } from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';

/** The text of a failed read: the server's message, a timeout, or 'Unknown error'. */
export function queryErrorText(error: unknown): string {
  if (error instanceof ApiCallError) return serverMessage(error) ?? M.unknownError;
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return 'The server took too long to answer. Try again.';
  return M.unknownError;
}
