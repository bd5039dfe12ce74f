import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  allBrandsRoute,
  allCategoriesRoute,
  allManufacturersRoute,
  createBrandRoute,
  createCategoryRoute,
  createManufacturerRoute,
  createProductRoute,
  deleteProductRoute,
  getProductRoute,
  listProductsRoute,
  updateProductRoute,
  type TBrandCreate,
  type TCategoryCreate,
  type TManufacturerCreate,
  type TProductCreate,
  type TProductUpdate,
} from '@keystone/contracts';
import { callApi } from '../../../lib/api-client';
import { RECORD_HISTORY_KEY } from '../../../lib/record-history';

export const PRODUCTS_QUERY_KEY = ['products'] as const;
const BRANDS_KEY = ['products', 'brands'] as const;
const CATEGORIES_KEY = ['products', 'categories'] as const;
const MANUFACTURERS_KEY = ['products', 'manufacturers'] as const;

export interface ProductFilters {
  category: string;
  brand: string;
  modelTerm: string;
  description: string;
  upc: string;
}

export const EMPTY_FILTERS: ProductFilters = { category: '', brand: '', modelTerm: '', description: '', upc: '' };

/** The product list's query of the filters: empty ones left out, the others trimmed. */
export function productListQuery(filters: ProductFilters): Partial<ProductFilters> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** A page of the product list (1-based page); empty filters are left out. */
export function useProductList(filters: ProductFilters, page: number) {
  const query = productListQuery(filters);
  return useQuery({
    queryKey: [...PRODUCTS_QUERY_KEY, 'list', query, page],
    queryFn: ({ signal }) => callApi(listProductsRoute, { query: { ...query, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number | null) {
  return useQuery({
    queryKey: [...PRODUCTS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => callApi(getProductRoute, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useBrands() {
  return useQuery({
    queryKey: BRANDS_KEY,
    queryFn: ({ signal }) => callApi(allBrandsRoute, { signal }),
    staleTime: 60_000,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: CATEGORIES_KEY,
    queryFn: ({ signal }) => callApi(allCategoriesRoute, { signal }),
    staleTime: 60_000,
  });
}

export function useManufacturers() {
  return useQuery({
    queryKey: MANUFACTURERS_KEY,
    queryFn: ({ signal }) => callApi(allManufacturersRoute, { signal }),
    staleTime: 60_000,
  });
}

/** Writes report their failure through the caller (the form shows the server's field errors), not a bare toast. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TProductCreate) => callApi(createProductRoute, { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TProductUpdate }) =>
      callApi(updateProductRoute, { params: { id }, body, silent: true }),
    onSuccess: (_, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
        client.invalidateQueries({ queryKey: [...RECORD_HISTORY_KEY, 'product', String(id)] }),
      ]),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(deleteProductRoute, { params: { id }, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY }),
  });
}

export function useCreateBrand() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBrandCreate) => callApi(createBrandRoute, { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: BRANDS_KEY }),
  });
}

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCategoryCreate) => callApi(createCategoryRoute, { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: CATEGORIES_KEY }),
  });
}

export function useCreateManufacturer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TManufacturerCreate) => callApi(createManufacturerRoute, { body, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: MANUFACTURERS_KEY }),
  });
}
