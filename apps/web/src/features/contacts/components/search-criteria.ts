import type { TContactCriteria } from '../api/contacts-api';

/** The search the URL asks for (`?searchBy=name&firstName=&lastName=` or `?searchBy=address|phone&searchValue=`), or none. */
export function criteriaFromParams(params: URLSearchParams): TContactCriteria | null {
  const searchBy = params.get('searchBy');
  if (searchBy === 'name') {
    const firstName = (params.get('firstName') ?? '').trim();
    const lastName = (params.get('lastName') ?? '').trim();
    return firstName || lastName ? { searchBy, firstName, lastName } : null;
  }
  if (searchBy === 'address' || searchBy === 'phone') {
    const searchValue = (params.get('searchValue') ?? '').trim();
    return searchValue ? { searchBy, searchValue } : null;
  }
  return null;
}

export function criteriaToParams(criteria: TContactCriteria): Record<string, string> {
  return criteria.searchBy === 'name'
    ? { searchBy: 'name', firstName: criteria.firstName, lastName: criteria.lastName }
    : { searchBy: criteria.searchBy, searchValue: criteria.searchValue };
}
