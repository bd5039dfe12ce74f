import { useState } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import {
  PRODUCT_ITEM_TYPES,
  PRODUCT_MONEY_FIELDS,
  PRODUCT_QTY_FIELDS,
  PRODUCT_STATUSES,
  PRODUCT_TEXT_FIELDS,
} from '@keystone/contracts';
import { useBrands, useCategories, useManufacturers } from '../api/catalog-api';
import { NewTaxonomyDialog, type TTaxonomyKind } from './new-taxonomy-dialog';
import type { TProductFormField, TProductFormValues } from './product-form';

const ACRONYMS: Record<string, string> = {
  upc: 'UPC',
  qty: 'Qty',
  map: 'MAP',
  msrp: 'MSRP',
  adj: 'Adj',
  asin: 'ASIN',
  sku: 'SKU',
};
/** A field's label: listing_id reads Listing ID (the spec's words, 001 §2); other ids keep "Id". */
const label = (field: string) =>
  field === 'listing_id'
    ? 'Listing ID'
    : (field.startsWith('fk_') ? field.slice(3, -3) : field)
        .split('_')
        .map((w) => ACRONYMS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ');

const SELECT_KINDS: { field: 'fk_category_id' | 'fk_brand_id' | 'fk_manufacturer_id'; kind: TTaxonomyKind }[] = [
  { field: 'fk_category_id', kind: 'category' },
  { field: 'fk_brand_id', kind: 'brand' },
  { field: 'fk_manufacturer_id', kind: 'manufacturer' },
];

/**
 * Every 002 §3 product field. The quantities are shown read-only: they come from the inventory ledger (0 for a
 * new product). Category, brand and manufacturer selects each have a "New" button that creates one and selects it.
 */
export function ProductFormFields({
  control,
  errors,
  setValue,
  quantities,
  disabled = false,
}: {
  control: Control<TProductFormValues>;
  errors: FieldErrors<TProductFormValues>;
  setValue: UseFormSetValue<TProductFormValues>;
  quantities: Record<(typeof PRODUCT_QTY_FIELDS)[number], number>;
  disabled?: boolean;
}) {
  const brands = useBrands();
  const categories = useCategories();
  const manufacturers = useManufacturers();
  const [creating, setCreating] = useState<{ kind: TTaxonomyKind; field: TProductFormField } | null>(null);
  const options = {
    fk_category_id: (categories.data?.data ?? []).map((c) => ({ id: c.id, name: c.category_name })),
    fk_brand_id: (brands.data?.data ?? []).map((b) => ({ id: b.id, name: b.brand_name })),
    fk_manufacturer_id: (manufacturers.data?.data ?? []).map((m) => ({ id: m.id, name: m.name })),
  };

  const text = (
    field: TProductFormField,
    extra: { required?: boolean; select?: readonly string[]; inputMode?: 'decimal' | 'numeric'; prefix?: string } = {},
  ) => (
    <Controller
      key={field}
      name={field}
      control={control}
      render={({ field: f }) => (
        <TextField
          {...f}
          id={`product-${field}`}
          label={label(field)}
          required={extra.required}
          select={!!extra.select}
          disabled={disabled}
          size="small"
          fullWidth
          error={!!errors[field]}
          helperText={errors[field]?.message}
          slotProps={{ htmlInput: { inputMode: extra.inputMode, 'data-field': field } }}
        >
          {extra.select?.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
    mb: 2,
  } as const;

  return (
    <Box>
      <Box sx={grid}>
        {text('model_number', { required: true })}
        {text('description', { required: true })}
        {text('upc', { inputMode: 'numeric' })}
        {SELECT_KINDS.map(({ field, kind }) => (
          <Box key={field} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <Controller
              name={field}
              control={control}
              render={({ field: f }) => (
                <TextField
                  {...f}
                  id={`product-${field}`}
                  select
                  label={label(field)}
                  size="small"
                  fullWidth
                  disabled={disabled}
                  error={!!errors[field]}
                  helperText={errors[field]?.message}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {options[field].map((o) => (
                    <MenuItem key={o.id} value={String(o.id)}>
                      {o.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Button
              size="small"
              variant="outlined"
              disabled={disabled}
              onClick={() => setCreating({ kind, field })}
              aria-label={`New ${kind}`}
              sx={{ mt: 0.5, flexShrink: 0 }}
            >
              New
            </Button>
          </Box>
        ))}
        {text('item_type', { select: PRODUCT_ITEM_TYPES })}
        {text('status', { select: PRODUCT_STATUSES })}
        {text('marketing_class')}
        {text('stock_class')}
        {text('box_qty', { inputMode: 'numeric' })}
        {PRODUCT_TEXT_FIELDS.map((f) => text(f))}
      </Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Pricing (dollars)
      </Typography>
      <Box sx={grid}>{PRODUCT_MONEY_FIELDS.map((f) => text(f, { inputMode: 'decimal' }))}</Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Quantities (from the inventory ledger)
      </Typography>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {PRODUCT_QTY_FIELDS.map((f) => (
          <TextField
            key={f}
            id={`product-${f}`}
            label={label(f)}
            value={quantities[f]}
            size="small"
            disabled
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        ))}
      </Box>
      {creating && (
        <NewTaxonomyDialog
          kind={creating.kind}
          onClose={() => setCreating(null)}
          onCreated={(id) => setValue(creating.field, String(id), { shouldDirty: true, shouldValidate: false })}
        />
      )}
    </Box>
  );
}
