import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../lib/api-error';
import { applyFailureMessage } from './shipping-reconciliation-api';

describe('apply payments failure text (002 §8)', () => {
  it("follows 'The given data was invalid.' with the details", () => {
    const error = new ApiCallError(
      422,
      { message: 'The given data was invalid.', errors: { 'updates.1Z.payment_to_apply': ['must be at least 0'] } },
      '/u',
    );
    expect(applyFailureMessage(error)).toBe(
      'The given data was invalid. Details: updates.1Z.payment_to_apply: must be at least 0',
    );
  });
  it("gives the server's message, or the JSON of the data without one", () => {
    expect(applyFailureMessage(new ApiCallError(409, { message: 'Already paid' }, '/u'))).toBe('Already paid');
    expect(applyFailureMessage(new ApiCallError(422, { foo: 1 }, '/u'))).toBe('{"foo":1}');
  });
  it("gives 'Unknown error' for other statuses", () => {
    expect(applyFailureMessage(new ApiCallError(500, { message: 'boom' }, '/u'))).toBe('Unknown error');
  });
});
