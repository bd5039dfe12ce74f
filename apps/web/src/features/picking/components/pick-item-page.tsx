import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Checkbox, Chip, CircularProgress, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { PICK_MESSAGES, PICK_SUCCESS_REDIRECT_MS, pickErrorText, shipPriorityLabel, type TAlreadyPickedItem, type TPickItem } from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { formatDate, formatTimestamp } from '../../../lib/format-date';
import { useScanScope } from '../../../lib/scan/use-scan-scope';
import { CameraScanButton } from '../../../lib/scan/camera-scan-button';
import { Page } from '../../../shell/page';
import { pickItem, usePickItem } from '../api/picking-api';
import { checkBin, submitError, upcError } from './pick-form';

type TOutcome = { kind: 'picked' } | { kind: 'error'; text: string } | null;

function Fact({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function AlreadyPicked({ picked }: { picked: TAlreadyPickedItem }) {
  return (
    <Alert severity="warning" data-testid="pick-already-picked">
      <Typography variant="h6" component="h2">
        {PICK_MESSAGES.alreadyPickedTitle}
      </Typography>
      <Typography>
        {picked.product.model} × {picked.picked_quantity} · picked by {picked.picked_by ?? '—'} at {formatTimestamp(picked.picked_at)}
        {picked.picked_bin_name ? ` from bin ${picked.picked_bin_name}` : ' (no bin)'} · pick list {picked.ims_pick_list_id}
      </Typography>
    </Alert>
  );
}

/** The item's facts: what to pick, how many, from where, and how it ships. */
function ItemFacts({ item }: { item: TPickItem }) {
  const priority = shipPriorityLabel(item);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }} data-testid="pick-model">
        {item.model}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {item.title}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, mb: 1 }}>
        <Fact label="Quantity" value={item.quantity} testId="pick-quantity" />
        <Fact label="Warehouse" value={item.sourceBucket} />
        <Fact label="Invoice" value={item.invoice} />
        <Fact label="Ship by" value={formatDate(item.shipByDate)} />
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {priority && <Chip color="warning" label={priority} size="small" data-testid="pick-priority" />}
        {item.isFreight && <Chip label="Freight" size="small" />}
      </Stack>
      <Typography sx={{ mt: 1 }} data-testid="pick-suggested-bin">
        {item.suggestedBin ? `Suggested bin: ${item.suggestedBin.binName} (${item.suggestedBin.quantity} in bin)` : PICK_MESSAGES.noBinToSuggest}
      </Typography>
      {item.availableBins.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          Available bins: {item.availableBins.map((b) => `${b.binName} (${b.quantity})`).join(', ')}
        </Typography>
      )}
      {item.warning && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {item.warning}
        </Alert>
      )}
    </Paper>
  );
}

/** The pick form: UPC, then bin (or Do Not Remove From Any Bin), then Submit (001 §4, §8). */
function PickForm({ item, id }: { item: TPickItem; id: number }) {
  const navigate = useNavigate();
  const noBins = item.availableBins.length === 0;
  const [upc, setUpc] = useState('');
  const [bin, setBin] = useState('');
  const [noBinChecked, setNoBin] = useState(false);
  const noBin = noBins || noBinChecked;
  const [upcMessage, setUpcMessage] = useState<string | null>(null);
  const [binMessage, setBinMessage] = useState<string | null>(null);
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const upcRef = useRef<HTMLInputElement>(null);
  const binRef = useRef<HTMLInputElement>(null);
  const upcOk = upcError(upc, item) === null;
  useScanScope({ expected: outcome?.kind === 'picked' ? null : upcOk && !noBin ? binRef : upcRef, fields: [upcRef, binRef] });

  useEffect(() => {
    if (outcome?.kind !== 'picked') return;
    const timer = setTimeout(() => navigate('/'), PICK_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  const submit = async () => {
    const why = submitError({ upc, bin, noBin }, item);
    setSubmitMessage(why);
    if (why) return;
    setBusy(true);
    setOutcome(null);
    try {
      const chosen = noBin ? null : checkBin(bin, item).bin;
      // The spec's body: actualPickedBinId omitted when no bin removal; the server records the signed-in user.
      await pickItem(id, chosen ? { actualPickedBinId: chosen.binId } : {});
      setOutcome({ kind: 'picked' });
    } catch (e) {
      setOutcome({ kind: 'error', text: e instanceof ApiCallError ? pickErrorText(serverMessage(e) ?? '') : PICK_MESSAGES.noResponse });
    } finally {
      setBusy(false);
    }
  };

  const onUpcKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const error = upcError(upc, item);
    setUpcMessage(error);
    setSubmitMessage(null);
    if (!error && noBin) void submit();
    else if (!error) binRef.current?.focus();
  };
  const onBinKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const { error } = checkBin(bin, item);
    setBinMessage(error);
    setSubmitMessage(null);
    if (!error && upcOk) void submit();
  };
  const done = outcome?.kind === 'picked';

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={(e) => (e.preventDefault(), void submit())} noValidate>
      <Stack spacing={2}>
        {/* The camera button feeds the field the scan scope expects next (UPC, then bin), as a wedge scan would. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <TextField
              label="UPC"
              value={upc}
              inputRef={upcRef}
              autoFocus
              disabled={done}
              onChange={(e) => (setUpc(e.target.value), setUpcMessage(null))}
              onBlur={() => upc && setUpcMessage(upcError(upc, item))}
              onKeyDown={onUpcKey}
              error={!!upcMessage}
              helperText={upcMessage ?? (upcOk ? 'UPC matches' : 'Scan or type the UPC')}
              slotProps={{ htmlInput: { 'data-testid': 'pick-upc', autoComplete: 'off', inputMode: 'numeric', maxLength: 30 }, formHelperText: { 'data-testid': 'pick-upc-helper' } as object }}
            />
            <TextField
              label="Bin"
              value={bin}
              inputRef={binRef}
              disabled={noBin || done}
              onChange={(e) => (setBin(e.target.value), setBinMessage(null))}
              onBlur={() => bin && setBinMessage(checkBin(bin, item).error)}
              onKeyDown={onBinKey}
              error={!!binMessage}
              helperText={binMessage ?? 'Scan the bin label or type its name'}
              slotProps={{ htmlInput: { 'data-testid': 'pick-bin', autoComplete: 'off', maxLength: 100 }, formHelperText: { 'data-testid': 'pick-bin-helper' } as object }}
            />
          </Stack>
          <CameraScanButton disabled={done} />
        </Box>
        <FormControlLabel
          control={<Checkbox checked={noBin} disabled={noBins || done} onChange={(e) => (setNoBin(e.target.checked), setBinMessage(null))} slotProps={{ input: { 'data-testid': 'pick-no-bin' } as object }} />}
          label={PICK_MESSAGES.doNotRemove}
        />
        {submitMessage && (
          <Alert severity="error" data-testid="pick-submit-error">
            {submitMessage}
          </Alert>
        )}
        {outcome?.kind === 'error' && (
          <Alert severity="error" data-testid="pick-error">
            {outcome.text}
          </Alert>
        )}
        {done && (
          <Alert severity="success" data-testid="pick-success">
            {PICK_MESSAGES.picked}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy || done} startIcon={busy ? <CircularProgress size={18} /> : undefined}>
          Submit
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /pick-item/{pickListItemId} (001 §2, §4): scan the UPC, then the bin (or tick Do Not Remove From Any Bin, forced
 * when no bin holds it), and submit; picked, error or already-picked outcomes with the §8 texts; after a pick the
 * app goes to / after 1.5 s. Usable on a phone (one column).
 */
export function PickItemPage() {
  const raw = useParams().pickListItemId ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : null;
  const query = usePickItem(id ?? 0);
  return (
    <Page title="Pick Item">
      <Box sx={{ maxWidth: 560 }}>
        {id === null ? (
          <Alert severity="info" data-testid="pick-empty">
            {PICK_MESSAGES.emptyData}
          </Alert>
        ) : query.isPending ? (
          <CircularProgress aria-label="Loading" />
        ) : query.isError ? (
          <Alert severity="error" data-testid="pick-load-error">
            {query.error instanceof ApiCallError ? (serverMessage(query.error) ?? PICK_MESSAGES.unknownError) : PICK_MESSAGES.noResponse}
          </Alert>
        ) : query.data.picked ? (
          <AlreadyPicked picked={query.data.picked} />
        ) : !query.data.item ? (
          <Alert severity="info" data-testid="pick-empty">
            {PICK_MESSAGES.emptyData}
          </Alert>
        ) : (
          <>
            <Typography variant="overline" data-testid="pick-barcode">
              PLI={id}
            </Typography>
            <ItemFacts item={query.data.item} />
            <PickForm item={query.data.item} id={id} />
          </>
        )}
      </Box>
    </Page>
  );
}
