import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, MenuItem, Paper, TextField } from '@mui/material';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel } from '@mui/x-data-grid';
import { exportProductsRoute, PRODUCT_PAGE_SIZE, type TCatalogProduct } from '@keystone/contracts';
import { Page } from '../../../shell/page';
import { EmptyState } from '../../../lib/empty-state';
import { useCan } from '../../../lib/session-store';
import { ListExportButton } from '../../../lib/list-export';
import { productListQuery, useBrands, useCategories, useProductList, type ProductFilters } from '../api/catalog-api';
import { ProductDialog } from './product-dialog';
import { formatUsd } from '../../../lib/format-number';
import { SavedViewsControl, VIEW_COLUMNS_PARAM, viewStateFromParams } from '../../../lib/saved-views';

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

const FILTER_KEYS: (keyof ProductFilters)[] = ['category', 'brand', 'modelTerm', 'description', 'upc'];

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
  // A new value from the URL (a saved view, Back) replaces the typed text.
  const urlText = TEXT_FILTERS.map(({ key }) => typed[key]).join('\n');
  const [seenText, setSeenText] = useState(urlText);
  if (urlText !== seenText) {
    setSeenText(urlText);
    setText((t) => {
      const next = { ...t };
      for (const { key } of TEXT_FILTERS) if (t[key].trim() !== typed[key]) next[key] = typed[key];
      return next;
    });
  }
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const brands = useBrands();
  const categories = useCategories();

  // Both writers of the URL (a select's change, the debounced text filters) start from the search as the last writer
  // left it, kept here and updated the moment either writes: React Router's functional form hands the updater the
  // search of the last render, so a debounced write landing between a select's write and the render after it took
  // the select's value back (the browser test caught it: the brand filter gone from the URL).
  // A new search from the router (this page's own write arriving, or back and forward) replaces it; a render for any
  // other reason (the page number) keeps the newer write that the router has not delivered yet.
  const latest = useRef(params);
  const delivered = useRef(params);
  if (delivered.current !== params) {
    delivered.current = params;
    latest.current = params;
  }
  const writeParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    setParams(next, { replace: true });
    setPage(0);
  };
  const setFilter = (key: keyof ProductFilters, value: string) =>
    writeParams((next) => {
      if (value) next.set(key, value);
      else next.delete(key);
    });

  // The text filters reach the URL (and the query) 500 ms after the last keystroke.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (TEXT_FILTERS.every(({ key }) => (latest.current.get(key) ?? '') === text[key].trim())) return;
      writeParams((next) => {
        for (const { key } of TEXT_FILTERS) {
          const value = text[key].trim();
          if (value) next.set(key, value);
          else next.delete(key);
        }
      });
    }, PRODUCT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // writeParams reads the ref, not the render's values: the timer restarts on typing and on a new search only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, params]);

  const list = useProductList(typed, page + 1);
  // The visible columns are in the URL (`columns`, absent: all), so a saved view holds them.
  const visible = viewStateFromParams('products', params).columns;
  const columnVisibility = Object.fromEntries(COLUMNS.map((c) => [c.field, !visible || visible.includes(c.field)]));
  const setColumnVisibility = (model: GridColumnVisibilityModel) => {
    const shown = COLUMNS.filter((c) => model[c.field] !== false).map((c) => c.field);
    writeParams((next) => {
      if (shown.length === COLUMNS.length) next.delete(VIEW_COLUMNS_PARAM);
      else next.set(VIEW_COLUMNS_PARAM, shown.join(','));
    });
  };
  const canCreate = useCan('dev-route:view');
  const filtered = Object.values(typed).some(Boolean);
  const clearFilters = () => {
    setText({ modelTerm: '', description: '', upc: '' });
    writeParams((next) => FILTER_KEYS.forEach((key) => next.delete(key)));
  };
  // The grid's overlay slot is a component: kept stable while what it shows is unchanged.
  const noRows = useCallback(
    () =>
      filtered ? (
        <EmptyState
          kind="no-match"
          message="No results to display"
          hint="No product matches these filters."
          action={{ label: 'Clear filters', onClick: clearFilters }}
          testId="products-no-results"
        />
      ) : (
        <EmptyState
          kind="none"
          message="No results to display"
          action={canCreate ? { label: 'Create New Product', to: '/products/create' } : null}
          testId="products-none-yet"
        />
      ),
    // clearFilters writes through the ref; only what the overlay shows changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filtered, canCreate],
  );

  return (
    <Page
      title="Products"
      actions={
        <>
          <ListExportButton route={exportProductsRoute} query={productListQuery(typed)} />
          <SavedViewsControl list="products" onApplied={() => setPage(0)} />
          <Button component={RouterLink} to="/products/create" variant="contained">
            Create New Product
          </Button>
        </>
      }
    >
      <Paper
        sx={{
          p: 2,
          mb: 2,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' },
        }}
      >
        <TextField
          select
          size="small"
          label="Category"
          id="filter-category"
          value={typed.category}
          onChange={(e) => setFilter('category', e.target.value)}
        >
          <MenuItem value="">
            <em>All</em>
          </MenuItem>
          {(categories.data?.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.category_code}>
              {c.category_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Brand"
          id="filter-brand"
          value={typed.brand}
          onChange={(e) => setFilter('brand', e.target.value)}
        >
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
      {/* Busy while a refetch is under way: the rows are then replaced, and a click on one can be lost. */}
      <Box
        sx={{ height: { xs: 520, md: 'calc(100vh - 300px)' }, minHeight: 400 }}
        aria-busy={list.isFetching}
        data-testid="product-grid"
      >
        <DataGrid
          rows={list.data?.data ?? []}
          columns={COLUMNS}
          loading={list.isFetching}
          paginationMode="server"
          rowCount={list.data?.total ?? 0}
          paginationModel={{ page, pageSize: PRODUCT_PAGE_SIZE }}
          onPaginationModelChange={(m) => setPage(m.page)}
          columnVisibilityModel={columnVisibility}
          onColumnVisibilityModelChange={setColumnVisibility}
          pageSizeOptions={[PRODUCT_PAGE_SIZE]}
          onRowClick={(row) => setOpenId(row.row.id)}
          disableColumnFilter
          disableColumnSorting
          density="compact"
          slots={{ noRowsOverlay: noRows, noResultsOverlay: noRows }}
          sx={{ bgcolor: 'background.paper', '& .MuiDataGrid-row': { cursor: 'pointer' } }}
        />
      </Box>
      {openId !== null && <ProductDialog productId={openId} onClose={() => setOpenId(null)} />}
    </Page>
  );
}
