import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CONTACT_SEARCH_SIZE,
  createContactRoute,
  getContactRoute,
  searchContactsByNameRoute,
  searchContactsRoute,
  updateContactRoute,
  type TContact,
  type TContactCreate,
  type TContactUpdate,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { RECORD_HISTORY_KEY } from '../../../lib/record-history';

/** What the contact search screen asks for; kept in the URL query so a reload or Back repeats it. */
export type TContactCriteria =
  { searchBy: 'name'; firstName: string; lastName: string } | { searchBy: 'address' | 'phone'; searchValue: string };

export const contactKeys = {
  all: ['contacts'] as const,
  searches: ['contacts', 'search'] as const,
  search: (criteria: TContactCriteria) => ['contacts', 'search', criteria] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
};

/** Name searches go to POST /contact/name (first and last name prefixes); address and phone to POST /contact/search. */
export function contactSearchQuery(criteria: TContactCriteria) {
  return queryOptions({
    queryKey: contactKeys.search(criteria),
    queryFn: async ({ signal }) => {
      const result =
        criteria.searchBy === 'name'
          ? await callApi(searchContactsByNameRoute, {
              body: {
                firstName: criteria.firstName,
                lastName: criteria.lastName,
                searchSize: CONTACT_SEARCH_SIZE.default,
              },
              signal,
            })
          : await callApi(searchContactsRoute, {
              body: {
                searchKey: criteria.searchBy,
                searchValue: criteria.searchValue,
                searchSize: CONTACT_SEARCH_SIZE.default,
              },
              signal,
            });
      return result.data;
    },
  });
}

export function useContactSearch(criteria: TContactCriteria | null) {
  return useQuery({
    ...contactSearchQuery(criteria ?? { searchBy: 'address', searchValue: '' }),
    enabled: criteria !== null,
  });
}

export function contactQuery(id: number) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => callApi(getContactRoute, { params: { id }, signal }),
  });
}

export function useContact(id: number | null) {
  return useQuery({ ...contactQuery(id ?? 0), enabled: id !== null });
}

/**
 * Opening a contact: its record (already at hand) goes into the cache; the details page's history panel loads its
 * history, fresh (000 §2; docs/decisions.md, "Record history of contacts, bins, shipping rules and roles").
 */
export async function loadContactForDetails(queryClient: QueryClient, contact: TContact): Promise<void> {
  queryClient.setQueryData(contactKeys.detail(contact.id), contact);
  await queryClient.invalidateQueries({ queryKey: [...RECORD_HISTORY_KEY, 'contact', String(contact.id)] });
}

/** The caller shows its own messages (000 §8), so the calls are silent. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContactCreate) => callApi(createContactRoute, { body, silent: true }),
    onSuccess: async (contact) => {
      await queryClient.invalidateQueries({ queryKey: contactKeys.searches });
      await loadContactForDetails(queryClient, contact);
    },
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContactUpdate) => callApi(updateContactRoute, { body, silent: true }),
    onSuccess: async (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...RECORD_HISTORY_KEY, 'contact', String(contact.id)] }),
        queryClient.invalidateQueries({ queryKey: contactKeys.searches }),
      ]);
    },
  });
}
