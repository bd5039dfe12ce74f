import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_ADJUSTMENT_MESSAGES as M,
  ADMIN_ADJUSTMENT_SEARCH_DEBOUNCE_MS,
  formatUsd,
  type TAdjustableInventoryRow,
  type TAdminAdjustmentResult,
  type TProduct,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/format-date';
import { useCan, useSession } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import {
  ADJUSTMENTS_QUERY_KEY,
  submitAdjustment,
  useAccountingReport,
  useAdjustableInventory,
  useAdjustmentBuckets,
  usePreviousAdjustments,
  useProductSearch,
} from '../api/admin-adjustments-api';

/** A phone shows cards instead of tables (nothing hidden behind a sideways scroll). */
function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'));
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const txLink = (ref: string) => (
  <Link component={RouterLink} to={`/inventory-transactions/${encodeURIComponent(ref)}`}>
    {ref}
  </Link>
);

/** The server's field errors by field name (`notes`: a 400 and a 422 key a field alike). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiCallError)) return {};
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0] ?? '']));
}

/** A whole number of at least 0, or null. */
const parseQuantity = (text: string): number | null => (/^\s*\d+\s*$/.test(text) ? Number(text) : null);

/** The product search: models starting with the typed text, looked up 500 ms after the last key (001 §5). */
function ProductSearch({ onPick }: { onPick(model: string | null): void }) {
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim(), ADMIN_ADJUSTMENT_SEARCH_DEBOUNCE_MS);
  const products = useProductSearch(term);
  const options: TProduct[] = term && term === input.trim() ? (products.data?.data ?? []) : [];
  return (
    <Autocomplete<TProduct>
      options={options}
      filterOptions={(o) => o}
      getOptionLabel={(p) => p.model}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={products.isFetching || term !== input.trim()}
      noOptionsText={input.trim() ? 'No models found' : 'Type a model'}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, value) => onPick(value?.model ?? null)}
      renderOption={(props, p) => (
        <li {...props} key={p.id} data-testid="product-option">
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {p.model}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {p.product_title}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Search Product by Model"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'product-search' },
          }}
        />
      )}
      sx={{ maxWidth: 520 }}
    />
  );
}

/** 'Change Bucket Not Listed Here': choose a bucket the model has no row in. */
function ChangeBucketDialog({
  open,
  listed,
  onClose,
  onChoose,
}: {
  open: boolean;
  listed: string[];
  onClose(): void;
  onChoose(bucket: string): void;
}) {
  const buckets = useAdjustmentBuckets(open);
  const [choice, setChoice] = useState('');
  useEffect(() => setChoice(''), [open]);
  const choices = (buckets.data?.data ?? []).filter((b) => !listed.includes(b.bucket));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{M.changeBucket}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Choose a bucket this model is not listed in, then set its quantity.
        </DialogContentText>
        <TextField
          select
          fullWidth
          label="Bucket"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'change-bucket-select' } }}
        >
          {choices.map((b) => (
            <MenuItem key={b.bucket} value={b.bucket}>
              {b.bucket} ({b.location_code} · {b.condition_code})
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!choice}
          onClick={() => onChoose(choice)}
          data-testid="change-bucket-choose"
        >
          Choose Bucket
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function BucketTable({
  rows,
  selected,
  onSelect,
}: {
  rows: TAdjustableInventoryRow[];
  selected: string | null;
  onSelect(bucket: string): void;
}) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack spacing={1} data-testid="bucket-table">
        {rows.map((r) => (
          <Paper
            key={r.bucket}
            variant="outlined"
            data-testid="bucket-row"
            data-bucket={r.bucket}
            sx={{
              p: 1.5,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              bgcolor: r.bucket === selected ? 'action.selected' : undefined,
            }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{r.bucket}</Typography>
              <Typography variant="body2" color="text.secondary">
                {r.location_code} · {r.condition_code} · {r.binned_quantity} in bins
              </Typography>
            </Box>
            <Typography variant="h6" component="span" data-testid="bucket-quantity">
              {r.quantity}
            </Typography>
            <Button
              size="small"
              variant={r.bucket === selected ? 'contained' : 'outlined'}
              onClick={() => onSelect(r.bucket)}
            >
              Adjust
            </Button>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="bucket-table">
        <TableHead>
          <TableRow>
            {['Bucket', 'Location', 'Condition', 'Quantity', 'In Bins', ''].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.bucket} selected={r.bucket === selected} data-testid="bucket-row" data-bucket={r.bucket}>
              <TableCell sx={{ fontWeight: 600 }}>{r.bucket}</TableCell>
              <TableCell>{r.location_code}</TableCell>
              <TableCell>{r.condition_code}</TableCell>
              <TableCell data-testid="bucket-quantity">{r.quantity}</TableCell>
              <TableCell>{r.binned_quantity}</TableCell>
              <TableCell align="right">
                <Button
                  size="small"
                  variant={r.bucket === selected ? 'contained' : 'outlined'}
                  onClick={() => onSelect(r.bucket)}
                >
                  Adjust
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function PreviousAdjustments({ model, bucket }: { model: string; bucket: string }) {
  const previous = usePreviousAdjustments(model, bucket);
  const phone = usePhone();
  let body;
  if (previous.isPending) body = <Typography>Loading...</Typography>;
  else if (previous.error)
    body = <Alert severity="warning">{serverMessage(previous.error) ?? 'There was an error.'}</Alert>;
  else if (!previous.data.data.length) body = <Typography data-testid="no-adjustments">{M.noAdjustments}</Typography>;
  else if (phone)
    body = (
      <Stack spacing={1} data-testid="previous-adjustments">
        {previous.data.data.map((a) => (
          <Paper
            key={a.ims_transaction_reference_id}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid="previous-adjustment"
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <span data-testid="old-quantity">{a.old_quantity ?? '—'}</span> →{' '}
                <span data-testid="new-quantity-value">{a.new_quantity ?? '—'}</span>
              </Typography>
              {txLink(a.ims_transaction_reference_id)}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {formatTimestamp(a.submitted_at)} · {a.submitted_by_name ?? '—'}
            </Typography>
            <Typography variant="body2">{a.tally_notes ?? '—'}</Typography>
          </Paper>
        ))}
      </Stack>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="previous-adjustments">
          <TableHead>
            <TableRow>
              {['Submitted At', 'Submitted By', 'Old Quantity', 'New Quantity', 'Notes', 'Transaction'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {previous.data.data.map((a) => (
              <TableRow key={a.ims_transaction_reference_id} data-testid="previous-adjustment">
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(a.submitted_at)}</TableCell>
                <TableCell>{a.submitted_by_name ?? '—'}</TableCell>
                <TableCell data-testid="old-quantity">{a.old_quantity ?? '—'}</TableCell>
                <TableCell data-testid="new-quantity-value">{a.new_quantity ?? '—'}</TableCell>
                <TableCell sx={{ minWidth: 200 }}>{a.tally_notes ?? '—'}</TableCell>
                <TableCell>{txLink(a.ims_transaction_reference_id)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Previous Audit Adjustments: {bucket}
      </Typography>
      {body}
    </Paper>
  );
}

function AccountingReport({ model }: { model: string }) {
  const report = useAccountingReport(model, true);
  if (!report.data) return null;
  const r = report.data;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="accounting-report">
      <Typography variant="h6" component="h2">
        Accounting Inventory Report
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        On hand at cost ({formatUsd(Math.round(r.unit_cost * 100))} each)
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {['Bucket', 'On Hand', 'Value'].map((h) => (
                <TableCell key={h} align={h === 'Bucket' ? 'left' : 'right'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {r.data.map((row) => (
              <TableRow key={row.bucket}>
                <TableCell>{row.bucket}</TableCell>
                <TableCell align="right">{row.quantity}</TableCell>
                <TableCell align="right">{formatUsd(Math.round(row.total_value * 100))}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Total</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="accounting-total-quantity">
                {r.total_quantity}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatUsd(Math.round(r.total_value * 100))}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/** The adjustment of one bucket: the new quantity and the notes, or zero out (confirmed first). */
function AdjustForm({
  model,
  bucket,
  current,
  binned,
  onSaved,
}: {
  model: string;
  bucket: string;
  current: number;
  binned: number;
  onSaved(result: TAdminAdjustmentResult): void;
}) {
  const username = useSession((s) => s.username);
  const [quantity, setQuantity] = useState('');
  const [notes, setNotes] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmZero, setConfirmZero] = useState(false);
  useEffect(() => {
    setQuantity('');
    setNotes('');
    setTouched(false);
    setErrors({});
    setGeneral(null);
  }, [model, bucket]);

  const parsed = parseQuantity(quantity);
  const quantityError = errors.quantity ?? (touched && parsed === null ? M.quantityRequired : null);
  const notesError = errors.notes ?? (touched && !notes.trim() ? M.notesRequired : null);

  const save = async (newQuantity: number) => {
    setTouched(true);
    if (!notes.trim()) return;
    setSaving(true);
    setGeneral(null);
    try {
      const result = await submitAdjustment({ username, model, legacyBucket: bucket, notes, quantity: newQuantity });
      setQuantity('');
      setNotes('');
      setTouched(false);
      setErrors({});
      onSaved(result);
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      const shown = ['quantity', 'notes'].some((f) => fields[f]);
      setGeneral(shown ? null : (serverMessage(error) ?? 'There was an error.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="adjust-form">
      <Typography variant="h6" component="h2">
        Adjust {bucket}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Current quantity: <b data-testid="current-quantity">{current}</b>
        {binned > 0 &&
          ` · ${binned} in bins, ${Math.max(0, current - binned)} unbinned: a lower quantity takes the unbinned units first, then empties the bins holding the fewest`}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={M.newQuantityLabel}
          type="number"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            setErrors(({ quantity: _q, ...rest }) => rest);
          }}
          error={!!quantityError}
          helperText={quantityError ?? ' '}
          slotProps={{ htmlInput: { min: 0, step: 1, 'data-testid': 'new-quantity' } }}
          sx={{ width: { sm: 180 } }}
        />
        <TextField
          label={M.notesLabel}
          value={notes}
          multiline
          minRows={2}
          onChange={(e) => {
            setNotes(e.target.value);
            setErrors(({ notes: _n, ...rest }) => rest);
          }}
          error={!!notesError}
          helperText={notesError ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'adjust-notes', maxLength: 2000 } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      {general && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="adjust-error">
          {general}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          disabled={saving}
          data-testid="submit-adjustment"
          onClick={() => {
            setTouched(true);
            if (parsed !== null) void save(parsed);
          }}
        >
          Submit Adjustment
        </Button>
        <Button
          color="error"
          variant="outlined"
          disabled={saving || current === 0}
          data-testid="zero-out"
          onClick={() => {
            setTouched(true);
            if (notes.trim()) setConfirmZero(true);
          }}
        >
          Zero Out Bucket
        </Button>
      </Stack>
      <Dialog open={confirmZero} onClose={() => setConfirmZero(false)}>
        <DialogTitle>Zero out {bucket}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            This sets the on-hand of {model} in {bucket} from {current} to 0.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmZero(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="confirm-zero-out"
            onClick={() => {
              setConfirmZero(false);
              void save(0);
            }}
          >
            Zero Out
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** /inventory/admin-inventory-adjustments (002 §2 "Other"; inventory:admin-adjust). */
export function AdminAdjustmentsPage() {
  const queryClient = useQueryClient();
  const canReport = useCan('inventory:reports');
  const [model, setModel] = useState<string | null>(null);
  const [bucket, setBucket] = useState<string | null>(null);
  const [changeOpen, setChangeOpen] = useState(false);
  const [saved, setSaved] = useState<TAdminAdjustmentResult | null>(null);
  const inventory = useAdjustableInventory(model);
  const rows = useMemo(() => inventory.data?.data ?? [], [inventory.data]);
  const row = rows.find((r) => r.bucket === bucket);

  const pick = (next: string | null) => {
    setModel(next);
    setBucket(null);
    setSaved(null);
  };

  return (
    <Page title="Admin-Level Inventory Adjustments">
      <Stack spacing={2}>
        <ProductSearch onPick={pick} />
        {model === null && <Alert severity="info">Select a model, then a bucket to adjust.</Alert>}
        {model !== null && inventory.isPending && <Typography>Loading...</Typography>}
        {model !== null && inventory.error && (
          <Alert severity="warning">{serverMessage(inventory.error) ?? 'There was an error.'}</Alert>
        )}
        {model !== null && inventory.data && (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
            >
              <Box>
                <Typography variant="h6" component="h2" data-testid="selected-model">
                  {inventory.data.product.model}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {inventory.data.product.product_title}
                </Typography>
              </Box>
              <Button variant="outlined" onClick={() => setChangeOpen(true)} data-testid="change-bucket">
                {M.changeBucket}
              </Button>
            </Stack>
            {rows.length === 0 ? (
              <Alert severity="info" data-testid="no-inventory">
                {M.noInventory}
              </Alert>
            ) : (
              <BucketTable rows={rows} selected={bucket} onSelect={(b) => setBucket(b)} />
            )}
          </Paper>
        )}
        {saved && (
          <Alert severity="success" onClose={() => setSaved(null)} data-testid="adjust-saved">
            {saved.model} in {saved.bucket}: {saved.old_quantity} → {saved.new_quantity} (
            {txLink(saved.ims_transaction_reference_id)})
          </Alert>
        )}
        {model !== null && inventory.data && bucket === null && rows.length > 0 && (
          <Alert severity="info">{M.bucketRequired} to adjust.</Alert>
        )}
        {model !== null && bucket !== null && (
          <AdjustForm
            model={model}
            bucket={bucket}
            current={row?.quantity ?? 0}
            binned={row?.binned_quantity ?? 0}
            onSaved={(result) => {
              setSaved(result);
              void queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_QUERY_KEY });
            }}
          />
        )}
        {model !== null && bucket !== null && <PreviousAdjustments model={model} bucket={bucket} />}
        {model !== null && canReport && inventory.data && <AccountingReport model={model} />}
      </Stack>
      <ChangeBucketDialog
        open={changeOpen}
        listed={rows.map((r) => r.bucket)}
        onClose={() => setChangeOpen(false)}
        onChoose={(b) => {
          setBucket(b);
          setSaved(null);
          setChangeOpen(false);
        }}
      />
    </Page>
  );
}
