import { describe, expect, it } from 'vitest';
import type { TContact } from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-client';
import { contactAddress, contactName, contactToForm, serverErrorData } from './contact-format';

const contact: TContact = {
  id: 1,
  first_name: 'Ada',
  last_name: null,
  address: '12 Analytical Way',
  address2: 'Suite 4',
  city: 'Louisville',
  state: 'KY',
  zip: '40202',
  primary_phone: null,
  secondary_phone: null,
  primary_email: null,
  source: 'in_home',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('contact formatting', () => {
  it('shows the name and the one-line address', () => {
    expect(contactName(contact)).toBe('Ada');
    expect(contactName({ first_name: null, last_name: null })).toBe('(no name)');
    expect(contactAddress(contact)).toBe('12 Analytical Way, Suite 4, Louisville, KY 40202');
    expect(contactAddress({ ...contact, address: null, address2: null, city: null })).toBe('KY 40202');
  });

  it('turns a contact into form values with "" for none', () => {
    expect(contactToForm(contact)).toMatchObject({ last_name: '', primary_phone: '', source: 'in_home', state: 'KY' });
    expect(contactToForm(contact)).not.toHaveProperty('id');
  });

  it('reads the server error data of a 422 and a 400', () => {
    const unprocessable = new ApiCallError(
      422,
      {
        statusCode: 422,
        message: 'The given data was invalid.',
        errors: { state: ['must be one of the 50 US state codes'] },
      },
      '/api/contact/store',
    );
    expect(serverErrorData(unprocessable)).toEqual({
      status: 422,
      message: 'The given data was invalid.',
      fields: { state: ['must be one of the 50 US state codes'] },
    });
    const bad = new ApiCallError(
      400,
      { statusCode: 400, message: 'Invalid request: source', errors: { source: ['Invalid input'] } },
      '/api/contact/store',
    );
    expect(serverErrorData(bad).fields).toEqual({ source: ['Invalid input'] });
    expect(serverErrorData(new Error('network down'))).toEqual({ status: null, message: 'network down', fields: {} });
  });
});
