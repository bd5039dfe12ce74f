import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../lib/api-error';
import {
  changedFields,
  clearFieldError,
  EMPTY_LOCATION_FORM,
  formErrorsOf,
  hasFieldErrors,
} from './location-form-model';

describe('location form model', () => {
  it('keeps the first message of each field, without the location prefix, and the general message', () => {
    const error = new ApiCallError(
      422,
      {
        message: 'The given data was invalid.',
        errors: { city: ['The city is required.', 'second'], 'location.postal_code': ['bad'] },
      },
      '/api/ims/bucket-mappings',
    );
    expect(formErrorsOf(error)).toEqual({
      fields: { city: 'The city is required.', postal_code: 'bad' },
      general: 'The given data was invalid.',
    });
  });

  it('clears only the edited field', () => {
    const errors = { fields: { city: 'x', state_or_province: 'y' }, general: 'g' };
    const cleared = clearFieldError(errors, 'city');
    expect(cleared).toEqual({ fields: { state_or_province: 'y' }, general: 'g' });
    expect(hasFieldErrors(clearFieldError(cleared, 'state_or_province'))).toBe(false);
    expect(clearFieldError(errors, 'notes')).toBe(errors);
  });

  it('sends only the changed fields, never the code or the country', () => {
    const before = { ...EMPTY_LOCATION_FORM, location_code: 'KY01', city: 'Louisville' };
    expect(changedFields(before, { ...before, city: 'Lexington', is_active: false, location_code: 'X' })).toEqual({
      city: 'Lexington',
      is_active: false,
    });
  });
});
