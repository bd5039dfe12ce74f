import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../lib/api-error';
import { loadFailureText, saleFailureOutcome, saleSuccessOutcome } from './sale-result';

describe('the results stage (001 §8 Committed sales)', () => {
  it("shows 'Sale successfully trasacted!' for a message containing Success, else the raw response", () => {
    expect(saleSuccessOutcome({ message: 'Success: sale transacted' })).toEqual({
      ok: true,
      lines: ['Sale successfully trasacted!'],
    });
    expect(saleSuccessOutcome({ message: 'Done' })).toEqual({ ok: false, lines: ['{"message":"Done"}'] });
  });

  it('shows the 404 text, the errors, or the raw response', () => {
    expect(
      saleFailureOutcome(new ApiCallError(404, { message: 'Committed sale CS-0000001 not found' }, '/x')).lines,
    ).toEqual(['The server responded with 404 (resource not found)']);
    expect(
      saleFailureOutcome(new ApiCallError(409, { message: 'CS-0000001: cannot sell 2, KY01 holds 1' }, '/x')),
    ).toEqual({ ok: false, lines: ['CS-0000001: cannot sell 2, KY01 holds 1'] });
    expect(
      saleFailureOutcome(
        new ApiCallError(400, { message: 'Invalid body', errors: { legacyPosInvoiceId: ['Too big'] } }, '/x'),
      ).lines,
    ).toEqual(['Invalid body', 'legacyPosInvoiceId: Too big']);
    // A refusal repeating its message under the field it names shows it once; other field texts stay.
    const needs = 'CS-0000001: model TV is serial tracked: the sale needs 1 committed serial(s), it has 0';
    expect(
      saleFailureOutcome(new ApiCallError(422, { message: needs, errors: { serials: [needs] } }, '/x')).lines,
    ).toEqual([needs]);
    expect(
      saleFailureOutcome(new ApiCallError(422, { message: needs, errors: { serials: [needs, 'Other'] } }, '/x')).lines,
    ).toEqual([needs, 'serials: Other']);
    expect(saleFailureOutcome(new ApiCallError(502, '<html>Bad gateway</html>', '/x')).lines).toEqual([
      '<html>Bad gateway</html>',
    ]);
    expect(loadFailureText(new ApiCallError(500, { message: 'boom' }, '/x'))).toBe('{"message":"boom"}');
  });
});
