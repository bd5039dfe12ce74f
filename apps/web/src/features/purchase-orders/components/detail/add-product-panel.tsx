import { useEffect, useState, type FormEvent } from 'react';
import { Autocomplete, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import {
  centsToDollars,
  discountedCostCents,
  dollarsToCents,
  formatUsd,
  type TDiscountType,
} from '@keystone/contracts';
import { searchProducts } from '../../api/purchase-order-detail';

interface Found {
  id: number;
  model_number: string;
  part_number: string | null;
  invoice_cost: number;
}

const PRODUCT_SEARCH_DEBOUNCE_MS = 500;

/**
 * Add Product panel (000 §2, §5): model number lookup, Item Cost (min 0, step .01), Quantity to Order (min 1),
 * Discount Amount and Discount Type. Choosing a product sets the cost to its invoice cost and the quantity to 1.
 * The panel is a form: Enter in any of its fields (once a product is chosen) adds the product.
 */
export function AddProductPanel({
  onAdd,
  disabled,
}: {
  onAdd(input: { productId: number; cost: number; qty: number }): Promise<unknown>;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  // Results are kept with the text they answer: only results for the current text are ever offered, so a key
  // pressed within the debounce can never pick a product of the previous search.
  const [results, setResults] = useState<{ query: string; found: Found[] }>({ query: '', found: [] });
  const [product, setProduct] = useState<Found | null>(null);
  const [cost, setCost] = useState('');
  const [qty, setQty] = useState('1');
  const [discount, setDiscount] = useState('');
  const [discountType, setDiscountType] = useState<TDiscountType>('');
  const [error, setError] = useState<string | null>(null);

  const query = text.trim();
  useEffect(() => {
    if (query.length < 2 || product?.model_number === text) return;
    let current = true;
    const timer = setTimeout(() => {
      searchProducts(query)
        .then((r) => current && setResults({ query, found: r.data }))
        .catch(() => current && setResults({ query, found: [] }));
    }, PRODUCT_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, text, product]);
  const options = results.query === query ? results.found : product ? [product] : [];
  const searching = query.length >= 2 && results.query !== query && product?.model_number !== text;

  const costNumber = Number(cost);
  const discountNumber = Number(discount || 0);
  const valid =
    !!product &&
    cost !== '' &&
    costNumber >= 0 &&
    /^\d*(\.\d{0,2})?$/.test(cost) &&
    Number.isInteger(Number(qty)) &&
    Number(qty) >= 1 &&
    discountNumber >= 0;
  const finalCents = valid ? discountedCostCents(dollarsToCents(costNumber), discountNumber, discountType) : null;

  function clear() {
    setProduct(null);
    setText('');
    setCost('');
    setQty('1');
    setDiscount('');
    setDiscountType('');
    setError(null);
  }

  async function add(event?: FormEvent) {
    event?.preventDefault();
    if (!product) return setError('A product must be selected.');
    if (!valid || finalCents === null) return setError('Check the cost, quantity and discount.');
    await onAdd({ productId: product.id, cost: centsToDollars(finalCents), qty: Number(qty) });
    clear();
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      data-testid="add-product-panel"
      component="form"
      onSubmit={(e: FormEvent) => void add(e)}
      noValidate
    >
      <Typography variant="h6" component="h2" gutterBottom>
        Add Product
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr 1fr 1.2fr' },
          alignItems: 'start',
        }}
      >
        <Autocomplete
          options={options}
          value={product}
          inputValue={text}
          disabled={disabled}
          filterOptions={(x) => x}
          loading={searching}
          loadingText="Searching…"
          noOptionsText={query.length < 2 ? 'Type at least 2 characters' : 'No products found'}
          getOptionLabel={(o) => o.model_number}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onInputChange={(_, value) => setText(value)}
          onChange={(_, value) => {
            setProduct(value);
            setError(null);
            if (value) {
              setCost(value.invoice_cost.toFixed(2));
              setQty('1');
            }
          }}
          renderOption={(props, o) => (
            <li {...props} key={o.id}>
              {o.model_number}{' '}
              <Typography component="span" variant="caption" sx={{ ml: 1 }} color="text.secondary">
                {formatUsd(dollarsToCents(o.invoice_cost))}
              </Typography>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label="Model Number" size="small" />}
        />
        <TextField
          label="Item Cost"
          type="number"
          size="small"
          value={cost}
          onChange={(e) => setCost(e.target.value)}
          disabled={disabled}
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
        />
        <TextField
          label="Quantity to Order"
          type="number"
          size="small"
          value={qty}
          onChange={(e) => setQty(e.target.value)}
          disabled={disabled}
          slotProps={{ htmlInput: { min: 1, step: 1 } }}
        />
        <TextField
          label="Discount Amount"
          type="number"
          size="small"
          value={discount}
          onChange={(e) => setDiscount(e.target.value)}
          disabled={disabled}
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
        />
        <TextField
          select
          label="Discount Type"
          size="small"
          value={discountType ?? ''}
          onChange={(e) => setDiscountType(e.target.value as TDiscountType)}
          disabled={disabled}
        >
          <MenuItem value="">None</MenuItem>
          <MenuItem value="Percent Off">Percent Off</MenuItem>
          <MenuItem value="Dollar Off">Dollar Off</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1 }} data-testid="add-product-final-cost">
          {finalCents !== null ? `Cost after discount: ${formatUsd(finalCents)}` : ''}
        </Typography>
        {error && (
          <Typography color="error" variant="body2">
            {error}
          </Typography>
        )}
        <Button onClick={clear} disabled={disabled}>
          Clear Selected
        </Button>
        <Button type="submit" variant="contained" disabled={disabled || !product}>
          Add Product
        </Button>
      </Box>
    </Paper>
  );
}
