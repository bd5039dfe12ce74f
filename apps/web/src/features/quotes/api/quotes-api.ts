import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addLaborLineRoute,
  addQuoteItemRoute,
  contactQuotesByNameRoute,
  contactQuotesRoute,
  convertQuoteRoute,
  deleteLaborLineRoute,
  deleteQuoteItemRoute,
  getContactRoute,
  getFullQuoteRoute,
  getWorkOrderRoute,
  productSearchRoute,
  searchQuotesRoute,
  storeQuoteRoute,
  updateLaborLineRoute,
  updateQuoteItemRoute,
  updateQuoteRoute,
  type TLaborLineAdd,
  type TLaborLineUpdate,
  type TQuoteFull,
  type TQuoteItemAdd,
  type TQuoteItemUpdate,
  type TQuoteSearchKey,
  type TQuoteStore,
  type TQuoteUpdate,
  quotePdfRoute,
} from '@keystone/contracts';
import { callApi, downloadFile, openBlob } from '../../../lib/api-client';

/** What the quote search screen asks for (kept in the URL). */
export type TQuoteCriteria =
  | { searchBy: 'name'; firstName: string; lastName: string }
  | { searchBy: Exclude<TQuoteSearchKey, 'name'>; searchValue: string };

export const quoteKeys = {
  all: ['quotes'] as const,
  search: (criteria: TQuoteCriteria) => ['quotes', 'search', criteria] as const,
  full: (id: number) => ['quotes', 'full', id] as const,
  contact: (id: number) => ['quotes', 'contact', id] as const,
  workOrder: (id: number) => ['work-orders', id] as const,
  contactById: (id: number) => ['quotes', 'contact-by-id', id] as const,
};

/** Name searches use POST contact/quotes/name (first and last name prefixes); the others POST quote/search. */
export function useQuoteSearch(criteria: TQuoteCriteria | null) {
  return useQuery({
    queryKey: quoteKeys.search(criteria ?? { searchBy: 'status', searchValue: '' }),
    enabled: criteria !== null,
    queryFn: async ({ signal }) => {
      if (!criteria) return [];
      const result =
        criteria.searchBy === 'name'
          ? await callApi(contactQuotesByNameRoute, {
              body: { firstName: criteria.firstName, lastName: criteria.lastName, searchSize: 100 },
              signal,
            })
          : await callApi(searchQuotesRoute, {
              body: { searchKey: criteria.searchBy, searchValue: criteria.searchValue, searchSize: 100 },
              signal,
            });
      return result.data;
    },
  });
}

export function useContactQuotes(contactId: number) {
  return useQuery({
    queryKey: quoteKeys.contact(contactId),
    queryFn: async ({ signal }) =>
      (await callApi(contactQuotesRoute, { body: { contact_id: contactId, searchSize: 100 }, signal })).data,
  });
}

/** A contact by id (the new-quote page's preset sold contact): GET /contact/{id}, read here, not through the contacts feature. */
export function useQuoteContact(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.contactById(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(getContactRoute, { params: { id: id! }, signal }),
  });
}

export function useQuote(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.full(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(getFullQuoteRoute, { params: { id: id! }, signal }),
  });
}

export function useWorkOrder(id: number | null) {
  return useQuery({
    queryKey: quoteKeys.workOrder(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => callApi(getWorkOrderRoute, { params: { id: id! }, signal }),
  });
}

export function useCreateQuote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TQuoteStore) => callApi(storeQuoteRoute, { body }),
    onSuccess: (full) => {
      client.setQueryData(quoteKeys.full(full.quote.id), full);
      void client.invalidateQueries({ queryKey: ['quotes', 'search'] });
      void client.invalidateQueries({ queryKey: ['quotes', 'contact'] });
    },
  });
}

/** Every change answers the full quote: it replaces the cached one. */
export function useQuoteMutations(quoteId: number) {
  const client = useQueryClient();
  const onSuccess = (full: TQuoteFull) => {
    client.setQueryData(quoteKeys.full(quoteId), full);
    void client.invalidateQueries({ queryKey: ['quotes', 'search'] });
    void client.invalidateQueries({ queryKey: ['quotes', 'contact'] });
  };
  return {
    quoteId,
    update: useMutation({
      mutationFn: (body: Omit<TQuoteUpdate, 'id'>) => callApi(updateQuoteRoute, { body: { ...body, id: quoteId } }),
      onSuccess,
    }),
    addItem: useMutation({
      mutationFn: (body: Omit<TQuoteItemAdd, 'quote_id'>) =>
        callApi(addQuoteItemRoute, { body: { ...body, quote_id: quoteId } }),
      onSuccess,
    }),
    updateItem: useMutation({
      mutationFn: (body: Omit<TQuoteItemUpdate, 'quote_id'>) =>
        callApi(updateQuoteItemRoute, { body: { ...body, quote_id: quoteId } }),
      onSuccess,
    }),
    deleteItem: useMutation({
      mutationFn: (id: number) => callApi(deleteQuoteItemRoute, { params: { id }, silent: true }),
      onSuccess,
    }),
    addLabor: useMutation({
      mutationFn: (body: Omit<TLaborLineAdd, 'quote_id'>) =>
        callApi(addLaborLineRoute, { body: { ...body, quote_id: quoteId } }),
      onSuccess,
    }),
    updateLabor: useMutation({
      mutationFn: (body: TLaborLineUpdate) => callApi(updateLaborLineRoute, { body: { ...body, quote_id: quoteId } }),
      onSuccess,
    }),
    deleteLabor: useMutation({
      mutationFn: (id: number) => callApi(deleteLaborLineRoute, { params: { id } }),
      onSuccess,
    }),
    convert: useMutation({
      mutationFn: (location: string) => callApi(convertQuoteRoute, { params: { id: quoteId }, query: { location } }),
      onSuccess: () => {
        void client.invalidateQueries({ queryKey: quoteKeys.full(quoteId) });
        void client.invalidateQueries({ queryKey: ['quotes', 'search'] });
        void client.invalidateQueries({ queryKey: ['quotes', 'contact'] });
      },
    }),
  };
}

/** Products whose model starts with the text (POST product/search, inventory:view). */
export async function searchProductsByModel(text: string) {
  return (await callApi(productSearchRoute, { body: { searchKey: 'model_number', searchValue: text }, silent: true }))
    .data;
}

/** The printable quote: fetched with the bearer token, opened in a new tab (or a failure toast). */
export async function openQuotePdf(quoteId: number): Promise<void> {
  // Opened first (a popup after an await is blocked), then pointed at the PDF.
  const tab = window.open('', '_blank');
  let file;
  try {
    file = await downloadFile(quotePdfRoute, { params: { id: quoteId } });
  } catch {
    tab?.close();
    return;
  }
  openBlob(file.blob, (href) => {
    if (tab) tab.location.href = href;
    else window.location.assign(href);
  });
}
