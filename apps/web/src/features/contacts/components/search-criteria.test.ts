import { describe, expect, it } from 'vitest';
import { criteriaFromParams, criteriaToParams } from './search-criteria';

describe('contact search criteria in the URL', () => {
  it('reads a name search; blank names are no search', () => {
    expect(criteriaFromParams(new URLSearchParams('searchBy=name&firstName=%20Ann%20&lastName=Smi'))).toEqual({
      searchBy: 'name',
      firstName: 'Ann',
      lastName: 'Smi',
    });
    expect(criteriaFromParams(new URLSearchParams('searchBy=name&lastName=Smi'))).toEqual({
      searchBy: 'name',
      firstName: '',
      lastName: 'Smi',
    });
    expect(criteriaFromParams(new URLSearchParams('searchBy=name&firstName=%20&lastName='))).toBeNull();
  });

  it('reads address and phone searches; anything else is no search', () => {
    expect(criteriaFromParams(new URLSearchParams('searchBy=phone&searchValue=(502)%20555'))).toEqual({
      searchBy: 'phone',
      searchValue: '(502) 555',
    });
    expect(criteriaFromParams(new URLSearchParams('searchBy=address&searchValue=main'))).toEqual({
      searchBy: 'address',
      searchValue: 'main',
    });
    expect(criteriaFromParams(new URLSearchParams('searchBy=address&searchValue=%20'))).toBeNull();
    expect(criteriaFromParams(new URLSearchParams('searchBy=email&searchValue=a'))).toBeNull();
    expect(criteriaFromParams(new URLSearchParams(''))).toBeNull();
  });

  it('writes what it reads', () => {
    for (const criteria of [
      { searchBy: 'name', firstName: 'Ann', lastName: '' },
      { searchBy: 'phone', searchValue: '502.555.0142' },
    ] as const) {
      expect(criteriaFromParams(new URLSearchParams(criteriaToParams(criteria)))).toEqual(criteria);
    }
  });
});
