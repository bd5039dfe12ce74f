import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import PrintIcon from '@mui/icons-material/Print';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import {
  DEFAULT_WORK_ORDER_LOCATION,
  LABOR_TYPES,
  QUOTE_APPROVAL_STATUSES,
  QUOTE_CONDITIONS,
  QUOTE_EDITABLE_STATUSES,
  QUOTE_MESSAGES,
  quoteNumber,
  QUOTE_STATUS_LABELS,
  workOrderNumber,
  type TContact,
  type TLaborLine,
  type TLaborType,
  type TQuoteCondition,
  type TQuoteFull,
  type TQuoteItem,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { queueSaved, queueSuccess, statusLine, useMessageQueue } from '../../../lib/message-queue';
import { Page } from '../../../shell/page';
import { openQuotePdf, searchProductsByModel, useQuote, useQuoteMutations } from '../api/quotes-api';
import { ContactPicker } from './contact-picker';
import { STATUS_COLOR, contactLabel, contactSummary, isMoneyText, statusLabel, usd } from './quote-format';

const PRODUCT_SEARCH_DEBOUNCE_MS = 500;
/** The fulfillment warehouses of 002 §9: where a converted quote's units are committed from. */
const WORK_ORDER_LOCATIONS = ['AZ02', 'KY01', 'TX01', 'WALTS'] as const;

type Mutations = ReturnType<typeof useQuoteMutations>;

function queueError(message: string, error: unknown) {
  const status = error instanceof ApiCallError ? error.status : 0;
  useMessageQueue.getState().push({ type: 'errors', status: status ? statusLine(status) : 'Error', message });
}

/** The server's refusal (field messages joined), for an inline alert. */
function refusal(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiCallError) {
    const body = error.body as { errors?: Record<string, string[]> } | null;
    const fields = body?.errors ? Object.entries(body.errors).map(([f, m]) => `${f}: ${m.join(', ')}`) : [];
    return [serverMessage(error), ...fields].filter(Boolean).join(' — ');
  }
  return 'The change could not be saved.';
}

function Section({
  title,
  children,
  action,
  testId,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

// ---------------------------------------------------------------------------------------------------- contacts

function ContactsSection({ full, m, locked }: { full: TQuoteFull; m: Mutations; locked: boolean }) {
  const roles: { key: 'sold_contact_id' | 'ship_contact_id' | 'bill_contact_id'; title: string; contact: TContact }[] =
    [
      { key: 'sold_contact_id', title: 'Sold to', contact: full.sold_contact },
      { key: 'ship_contact_id', title: 'Ship to', contact: full.ship_contact },
      { key: 'bill_contact_id', title: 'Bill to', contact: full.bill_contact },
    ];
  const [editing, setEditing] = useState<string | null>(null);
  async function change(key: (typeof roles)[number]['key'], contact: TContact | null) {
    if (!contact) return;
    await m.update.mutateAsync({ [key]: contact.id });
    queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.updatedSuccessfully);
    setEditing(null);
  }
  return (
    <Section title="Contacts" testId="quote-contacts">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {roles.map((r) => (
          <Box key={r.key} data-testid={`quote-${r.key}`}>
            <Typography variant="overline" color="text.secondary">
              {r.title}
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <RouterLink to={`/contacts/details?id=${r.contact.id}`}>{contactLabel(r.contact)}</RouterLink>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {contactSummary(r.contact) || '—'}
            </Typography>
            {!locked &&
              (editing === r.key ? (
                <Box sx={{ mt: 1 }}>
                  <ContactPicker
                    label={`New ${r.title.toLowerCase()} contact`}
                    value={null}
                    onChange={(c) => void change(r.key, c).catch(() => undefined)}
                  />
                  <Button size="small" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                </Box>
              ) : (
                <Button size="small" onClick={() => setEditing(r.key)}>
                  Change
                </Button>
              ))}
          </Box>
        ))}
      </Box>
    </Section>
  );
}

// ------------------------------------------------------------------------------------------------------- units

interface FoundProduct {
  id: number;
  model_number: string;
}

function AddUnitForm({ m }: { m: Mutations }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<{ query: string; found: FoundProduct[] }>({ query: '', found: [] });
  const [product, setProduct] = useState<FoundProduct | null>(null);
  const [condition, setCondition] = useState<TQuoteCondition>('NEW');
  const [units, setUnits] = useState('1');
  const [price, setPrice] = useState('');
  const query = text.trim();
  useEffect(() => {
    if (query.length < 2 || product?.model_number === text) return;
    let current = true;
    const timer = setTimeout(() => {
      searchProductsByModel(query)
        .then((found) => current && setResults({ query, found }))
        .catch(() => current && setResults({ query, found: [] }));
    }, PRODUCT_SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, text, product]);
  const options = results.query === query ? results.found : product ? [product] : [];
  const valid = !!product && /^\d+$/.test(units) && Number(units) >= 1 && (price === '' || isMoneyText(price));

  async function add() {
    if (!product || !valid) return;
    await m.addItem.mutateAsync({
      productId: product.id,
      condition,
      number_units: Number(units),
      ...(price !== '' ? { unit_price: Number(price) } : {}),
    });
    queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.itemAdded);
    setProduct(null);
    setText('');
    setUnits('1');
    setPrice('');
    setCondition('NEW');
  }

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void add().catch(() => undefined);
      }}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 0.6fr 1fr auto' },
        alignItems: 'start',
        mt: 2,
      }}
      data-testid="add-unit-form"
    >
      <Autocomplete
        sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
        options={options}
        value={product}
        inputValue={text}
        filterOptions={(x) => x}
        loading={query.length >= 2 && results.query !== query && product?.model_number !== text}
        loadingText="Searching…"
        noOptionsText={query.length < 2 ? 'Type at least 2 characters' : 'No products found'}
        getOptionLabel={(o) => o.model_number}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, v) => setText(v)}
        onChange={(_, v) => setProduct(v)}
        renderInput={(params) => <TextField {...params} size="small" label="Product model" />}
      />
      <UnitFields
        unit={{ condition, units, price }}
        onCondition={setCondition}
        onUnits={setUnits}
        onPrice={setPrice}
        pricePlaceholder="Product price"
        testIds={{ units: 'unit-qty-input', price: 'unit-price-input' }}
      />
      <Button type="submit" variant="contained" disabled={!valid || m.addItem.isPending}>
        Add Unit
      </Button>
    </Box>
  );
}

/** A quote line's condition, quantity and unit price fields (the add form's and each line's), in the row's grid. */
function UnitFields(props: {
  unit: { condition: TQuoteCondition; units: string; price: string };
  onCondition(condition: TQuoteCondition): void;
  onUnits(units: string): void;
  onPrice(price: string): void;
  disabled?: boolean;
  pricePlaceholder?: string;
  testIds?: { units: string; price: string };
}) {
  const testId = (id: string | undefined) => (id ? { 'data-testid': id } : {});
  return (
    <>
      <TextField
        select
        size="small"
        label="Condition"
        value={props.unit.condition}
        disabled={props.disabled}
        onChange={(e) => props.onCondition(e.target.value as TQuoteCondition)}
      >
        {QUOTE_CONDITIONS.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Qty"
        value={props.unit.units}
        disabled={props.disabled}
        onChange={(e) => props.onUnits(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', ...testId(props.testIds?.units) } }}
      />
      <TextField
        size="small"
        label="Unit price"
        placeholder={props.pricePlaceholder}
        value={props.unit.price}
        disabled={props.disabled}
        onChange={(e) => props.onPrice(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', ...testId(props.testIds?.price) } }}
      />
    </>
  );
}

function ItemRow({ item, m, locked }: { item: TQuoteItem; m: Mutations; locked: boolean }) {
  const [condition, setCondition] = useState<TQuoteCondition>(item.condition);
  const [units, setUnits] = useState(String(item.number_units));
  const [price, setPrice] = useState(item.unit_price.toFixed(2));
  useEffect(() => {
    setCondition(item.condition);
    setUnits(String(item.number_units));
    setPrice(item.unit_price.toFixed(2));
  }, [item]);
  const dirty =
    condition !== item.condition || units !== String(item.number_units) || price !== item.unit_price.toFixed(2);
  const valid = /^\d+$/.test(units) && Number(units) >= 1 && isMoneyText(price);
  async function save() {
    await m.updateItem.mutateAsync({ id: item.id, condition, number_units: Number(units), unit_price: Number(price) });
    queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.updated);
  }
  async function remove() {
    try {
      await m.deleteItem.mutateAsync(item.id);
    } catch (error) {
      queueError(QUOTE_MESSAGES.deleteItemFailed, error);
    }
  }
  return (
    <Box
      data-testid="quote-item-row"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        py: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 0.6fr 1fr 1fr auto' },
      }}
    >
      <Box sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}>
        <Typography sx={{ fontWeight: 600 }}>{item.model}</Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {item.description}
        </Typography>
      </Box>
      <UnitFields
        unit={{ condition, units, price }}
        onCondition={setCondition}
        onUnits={setUnits}
        onPrice={setPrice}
        disabled={locked}
      />
      <Typography sx={{ textAlign: 'right', fontWeight: 600 }} data-testid="item-line-total">
        {usd(item.line_total)}
      </Typography>
      {!locked && (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', gridColumn: { xs: 'span 2', md: 'auto' } }}>
          <Button
            size="small"
            variant="outlined"
            disabled={!dirty || !valid || m.updateItem.isPending}
            onClick={() => void save().catch(() => undefined)}
          >
            Save
          </Button>
          <IconButton aria-label={`Remove ${item.model}`} onClick={() => void remove()}>
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

// ------------------------------------------------------------------------------------------------------- labor

function LaborForm({ line, m, onDone }: { line?: TLaborLine; m: Mutations; onDone?: () => void }) {
  const [description, setDescription] = useState(line?.description ?? '');
  const [laborType, setLaborType] = useState<TLaborType>(line?.labor_type ?? 'HOURLY');
  const [hours, setHours] = useState(line?.hours !== null && line?.hours !== undefined ? String(line.hours) : '');
  const [rate, setRate] = useState(line ? line.rate.toFixed(2) : '');
  const hourly = laborType === 'HOURLY';
  const valid =
    description.trim() !== '' &&
    isMoneyText(rate) &&
    (!hourly || (/^\d+(\.\d{1,2})?$/.test(hours) && Number(hours) > 0));
  async function submit() {
    if (!valid) return;
    const body = {
      description: description.trim(),
      labor_type: laborType,
      hours: hourly ? Number(hours) : null,
      rate: Number(rate),
    };
    if (line) {
      await m.updateLabor.mutateAsync({ id: line.id, ...body });
      queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.updated);
    } else {
      await m.addLabor.mutateAsync(body);
      queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.updatedSuccessfully);
      setDescription('');
      setHours('');
      setRate('');
    }
    onDone?.();
  }
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit().catch(() => undefined);
      }}
      data-testid={line ? 'labor-edit-form' : 'add-labor-form'}
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 0.8fr 1fr auto' },
        alignItems: 'start',
        mt: line ? 0 : 2,
      }}
    >
      <TextField
        size="small"
        label="Labor description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        sx={{ gridColumn: { xs: 'span 2', md: 'auto' } }}
        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'labor-description-input' } }}
      />
      <TextField
        select
        size="small"
        label="Charged"
        value={laborType}
        onChange={(e) => setLaborType(e.target.value as TLaborType)}
      >
        {LABOR_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t === 'HOURLY' ? 'By the hour' : 'Flat'}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="Hours"
        value={hourly ? hours : ''}
        disabled={!hourly}
        onChange={(e) => setHours(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'labor-hours-input' } }}
      />
      <TextField
        size="small"
        label={hourly ? 'Rate / hour' : 'Amount'}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'labor-rate-input' } }}
      />
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Button type="submit" variant={line ? 'outlined' : 'contained'} disabled={!valid}>
          {line ? 'Save' : 'Add Labor'}
        </Button>
        {line && <Button onClick={onDone}>Cancel</Button>}
      </Box>
    </Box>
  );
}

function LaborRow({ line, m, locked }: { line: TLaborLine; m: Mutations; locked: boolean }) {
  const [editing, setEditing] = useState(false);
  if (editing) return <LaborForm line={line} m={m} onDone={() => setEditing(false)} />;
  return (
    <Box
      data-testid="labor-row"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        py: 1,
        gridTemplateColumns: { xs: '1fr auto', md: '2fr 1.8fr 1fr auto' },
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{line.description}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ gridRow: { xs: 2, md: 'auto' } }}>
        {line.labor_type === 'HOURLY' ? `${line.hours} h × ${usd(line.rate)}` : 'Flat'}
      </Typography>
      <Typography sx={{ textAlign: 'right', fontWeight: 600 }} data-testid="labor-amount">
        {usd(line.amount)}
      </Typography>
      {!locked && (
        <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', gridRow: { xs: 2, md: 'auto' } }}>
          <Button size="small" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <IconButton
            aria-label={`Remove ${line.description}`}
            onClick={() => void m.deleteLabor.mutateAsync(line.id).catch(() => undefined)}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

// ------------------------------------------------------------------------------------------ details and totals

function DetailsSection({ full, m, locked }: { full: TQuoteFull; m: Mutations; locked: boolean }) {
  const q = full.quote;
  const initial = () => ({
    quote_status: q.quote_status,
    approval_status: q.approval_status,
    approval_status_notes: q.approval_status_notes ?? '',
    notes: q.notes ?? '',
    shipping_total: q.shipping_total.toFixed(2),
    lead_source: q.lead_source ?? '',
  });
  const [form, setForm] = useState(initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setForm(initial()), [q.updated_at]);
  const set = (key: keyof ReturnType<typeof initial>) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const valid = isMoneyText(form.shipping_total);
  async function save() {
    await m.update.mutateAsync({
      ...(form.quote_status !== 'CONVERTED' ? { quote_status: form.quote_status } : {}),
      approval_status: form.approval_status,
      approval_status_notes: form.approval_status_notes,
      notes: form.notes,
      shipping_total: Number(form.shipping_total),
      lead_source: form.lead_source,
    });
    queueSaved('Quote', quoteNumber(m.quoteId), QUOTE_MESSAGES.updatedSuccessfully);
  }
  return (
    <Section title="Status, approval and notes" testId="quote-details">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          select
          size="small"
          label="Status"
          value={form.quote_status}
          disabled={locked}
          onChange={set('quote_status')}
          slotProps={{ htmlInput: { 'data-testid': 'quote-status-select' } }}
        >
          {(locked ? (['CONVERTED'] as const) : QUOTE_EDITABLE_STATUSES).map((s) => (
            <MenuItem key={s} value={s}>
              {QUOTE_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Approval"
          value={form.approval_status}
          disabled={locked}
          onChange={set('approval_status')}
        >
          {QUOTE_APPROVAL_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s.charAt(0) + s.slice(1).toLowerCase()}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Approval notes"
          value={form.approval_status_notes}
          disabled={locked}
          onChange={set('approval_status_notes')}
        />
        <TextField
          size="small"
          label="Lead source"
          value={form.lead_source}
          disabled={locked}
          onChange={set('lead_source')}
        />
        <TextField
          size="small"
          label="Shipping"
          value={form.shipping_total}
          disabled={locked}
          onChange={set('shipping_total')}
          error={!valid}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'quote-shipping-input' } }}
        />
        <TextField
          size="small"
          label="Notes"
          value={form.notes}
          disabled={locked}
          onChange={set('notes')}
          multiline
          minRows={2}
          sx={{ gridColumn: { sm: 'span 2' } }}
        />
      </Box>
      {!locked && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
          <Button
            variant="contained"
            disabled={!valid || m.update.isPending}
            onClick={() => void save().catch(() => undefined)}
          >
            Save Quote
          </Button>
        </Box>
      )}
    </Section>
  );
}

export function TotalsSection({ quote }: { quote: TQuoteFull['quote'] }) {
  const rows: [string, number, string][] = [
    ['Products', quote.product_total, 'total-products'],
    ['Labor', quote.labor_total, 'total-labor'],
    ['Shipping', quote.shipping_total, 'total-shipping'],
    [quote.tax_state ? `Tax (${quote.tax_state} ${quote.tax_rate}%)` : 'Tax', quote.tax_total, 'total-tax'],
  ];
  return (
    <Section title="Totals" testId="quote-totals">
      {rows.map(([label, value, id]) => (
        <Box key={id} sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
          <Typography color="text.secondary">{label}</Typography>
          <Typography data-testid={id}>{usd(value)}</Typography>
        </Box>
      ))}
      <Divider sx={{ my: 1 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>Total</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="total-total">
          {usd(quote.total)}
        </Typography>
      </Box>
    </Section>
  );
}

// ------------------------------------------------------------------------------------------------------ convert

function ConvertDialog({
  open,
  onClose,
  m,
  quoteNumber,
}: {
  open: boolean;
  onClose(): void;
  m: Mutations;
  quoteNumber: string;
}) {
  const [location, setLocation] = useState<string>(DEFAULT_WORK_ORDER_LOCATION);
  const convert = m.convert;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="convert-title" fullWidth maxWidth="sm">
      <DialogTitle id="convert-title">Convert {quoteNumber} to an order?</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          This creates a work order and commits the units as sales from the chosen location, so they go to picking. The
          quote is then locked: it can no longer be changed.
        </DialogContentText>
        <TextField
          select
          fullWidth
          size="small"
          label="Commit units from"
          value={location}
          onChange={(e) => setLocation(e.target.value)}
        >
          {WORK_ORDER_LOCATIONS.map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        {convert.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="convert-error">
            {refusal(convert.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={convert.isPending}
          onClick={() =>
            void convert
              .mutateAsync(location)
              .then((order) => {
                queueSuccess(`${QUOTE_MESSAGES.convertedToOrder} ${order.work_order_number}`);
                onClose();
              })
              .catch(() => undefined)
          }
        >
          Convert to Order
        </Button>
      </DialogActions>
    </Dialog>
  );
}

// --------------------------------------------------------------------------------------------------------- page

/** /quotes/:id: the quote with its contacts, units, labor, totals, status and approval; Print and Convert to order. */
export function QuotePage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const quote = useQuote(id);
  const m = useQuoteMutations(id ?? 0);
  const [converting, setConverting] = useState(false);

  if (id === null || quote.isError) {
    return (
      <Page title="Quote">
        <Alert severity="error">This quote could not be loaded.</Alert>
      </Page>
    );
  }
  if (!quote.data) {
    return (
      <Page title="Quote">
        <CircularProgress aria-label="Loading quote" />
      </Page>
    );
  }
  const full = quote.data;
  const q = full.quote;
  const locked = q.locked;
  const failure = refusal(
    m.update.error ??
      m.addItem.error ??
      m.updateItem.error ??
      m.addLabor.error ??
      m.updateLabor.error ??
      m.deleteLabor.error,
  );

  return (
    <Page
      title={`Quote ${q.quote_number}`}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => void openQuotePdf(q.id)}>
            Print
          </Button>
          {!locked && (
            <Button variant="contained" startIcon={<AssignmentTurnedInIcon />} onClick={() => setConverting(true)}>
              Convert to Order
            </Button>
          )}
        </Box>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Chip label={statusLabel(q.quote_status)} color={STATUS_COLOR[q.quote_status]} data-testid="quote-status" />
        <Chip variant="outlined" label={`Approval: ${q.approval_status.toLowerCase()}`} />
        <Typography variant="body2" color="text.secondary">
          {q.quote_type} · {q.quote_class} · created {q.created_at.slice(0, 10)}
          {q.primary_sales_name ? ` by ${q.primary_sales_name}` : ''}
        </Typography>
      </Box>
      {locked && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="quote-locked">
          Converted{q.converted_at ? ` on ${q.converted_at.slice(0, 10)}` : ''}: this quote is locked.{' '}
          {q.work_order_id && (
            <RouterLink to={`/work-orders/${q.work_order_id}`} data-testid="work-order-link">
              Open work order {workOrderNumber(q.work_order_id)}
            </RouterLink>
          )}
        </Alert>
      )}
      {failure && !locked && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="quote-error">
          {failure}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ContactsSection full={full} m={m} locked={locked} />
          <Section title={`Units (${full.items.length})`} testId="quote-units">
            {full.items.length === 0 && <Typography color="text.secondary">No units yet.</Typography>}
            {full.items.map((item) => (
              <ItemRow key={item.id} item={item} m={m} locked={locked} />
            ))}
            {!locked && <AddUnitForm m={m} />}
          </Section>
          <Section title={`Labor (${full.labor_lines.length})`} testId="quote-labor">
            {full.labor_lines.length === 0 && <Typography color="text.secondary">No labor yet.</Typography>}
            {full.labor_lines.map((line) => (
              <LaborRow key={line.id} line={line} m={m} locked={locked} />
            ))}
            {!locked && <LaborForm m={m} />}
          </Section>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <TotalsSection quote={q} />
          <DetailsSection full={full} m={m} locked={locked} />
        </Box>
      </Box>
      <ConvertDialog open={converting} onClose={() => setConverting(false)} m={m} quoteNumber={q.quote_number} />
    </Page>
  );
}
