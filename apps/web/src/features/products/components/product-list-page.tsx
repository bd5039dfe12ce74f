import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { PRODUCT_PAGE_SIZE, type TCatalogProduct } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { useBrands, useCategories, useProductList, type ProductFilters } from '../api/products-api';
import { ProductDialog } from './product-dialog';
import { formatUsd } from '../../../lib/format-number';

/** 002 §9: product search debounce. */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 500;

const money = (v: number | null) => (v === null ? '' : formatUsd(v));

const COLUMNS: GridColDef<TCatalogProduct>[] = [
  { field: 'model_number', headerName: 'Model', flex: 1, minWidth: 130 },
  { field: 'description', headerName: 'Description', flex: 2, minWidth: 180 },
  { field: 'brand_name', headerName: 'Brand', flex: 1, minWidth: 110 },
  { field: 'category_name', headerName: 'Category', flex: 1, minWidth: 110 },
  { field: 'upc', headerName: 'UPC', minWidth: 130 },
  { field: 'status', headerName: 'Status', minWidth: 90 },
  { field: 'qty_on_hand', headerName: 'On Hand', type: 'number', minWidth: 80 },
  { field: 'current_cost', headerName: 'Cost', type: 'number', minWidth: 100, valueFormatter: (v: number) => money(v) },
];

const TEXT_FILTERS: { key: 'modelTerm' | 'description' | 'upc'; label: string }[] = [
  { key: 'modelTerm', label: 'Model' },
  { key: 'description', label: 'Description' },
  { key: 'upc', label: 'UPC' },
];

/** /products: the product list with its five filters, paged at 100 rows by the server (002 §2). */
export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const typed: ProductFilters = {
    category: params.get('category') ?? '',
    brand: params.get('brand') ?? '',
    modelTerm: params.get('modelTerm') ?? '',
    description: params.get('description') ?? '',
    upc: params.get('upc') ?? '',
  };
  const [text, setText] = useState({ modelTerm: typed.modelTerm, description: typed.description, upc: typed.upc });
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const brands = useBrands();
  const categories = useCategories();

  // Both writers of the URL update the search as it is when they write (the functional form), not as it was at the
  // last render: a debounced text filter landing just after a select's change must not take the select's value back.
  const setFilter = (key: keyof ProductFilters, value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
    setPage(0);
  };

  // The text filters reach the URL (and the query) 500 ms after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (TEXT_FILTERS.every(({ key }) => (params.get(key) ?? '') === text[key].trim())) return;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const { key } of TEXT_FILTERS) {
            const value = text[key].trim();
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      );
      setPage(0);
    }, PRODUCT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params, setParams]);

  const list = useProductList(typed, page + 1);

  return (
    <Page
      title="Products"
      actions={
        <Button component={RouterLink} to="/products/create" variant="contained">
          Create New Product
        </Button>
      }
    >
      <Paper sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        <TextField select size="small" label="Category" id="filter-category" value={typed.category} onChange={(e) => setFilter('category', e.target.value)}>
          <MenuItem value="">
            <em>All</em>
          </MenuItem>
          {(categories.data?.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.category_code}>
              {c.category_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Brand" id="filter-brand" value={typed.brand} onChange={(e) => setFilter('brand', e.target.value)}>
          <MenuItem value="">
            <em>All</em>
          </MenuItem>
          {(brands.data?.data ?? []).map((b) => (
            <MenuItem key={b.id} value={b.brand_code}>
              {b.brand_name}
            </MenuItem>
          ))}
        </TextField>
        {TEXT_FILTERS.map(({ key, label }) => (
          <TextField
            key={key}
            size="small"
            label={label}
            id={`filter-${key}`}
            value={text[key]}
            onChange={(e) => setText((t) => ({ ...t, [key]: e.target.value }))}
            slotProps={{ htmlInput: { maxLength: key === 'upc' ? 20 : 100 } }}
          />
        ))}
      </Paper>
      <Box sx={{ height: { xs: 520, md: 'calc(100vh - 300px)' }, minHeight: 400 }}>
        <DataGrid
          rows={list.data?.data ?? []}
          columns={COLUMNS}
          loading={list.isFetching}
          paginationMode="server"
          rowCount={list.data?.total ?? 0}
          paginationModel={{ page, pageSize: PRODUCT_PAGE_SIZE }}
          onPaginationModelChange={(m) => setPage(m.page)}
          pageSizeOptions={[PRODUCT_PAGE_SIZE]}
          onRowClick={(row) => setOpenId(row.row.id)}
          disableColumnFilter
          disableColumnSorting
          density="compact"
          localeText={{ noRowsLabel: 'No results to display' }}
          sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Box>
      {openId !== null && <ProductDialog productId={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
