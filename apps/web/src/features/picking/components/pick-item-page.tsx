import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  PICK_MESSAGES,
  PICK_SUCCESS_REDIRECT_MS,
  pickErrorText,
  shipPriorityLabel,
  type TAlreadyPickedItem,
  type TPickBin,
  type TPickItem,
} from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { formatDate, formatTimestamp } from '../../../lib/format-date';
import { scanOutbox } from '../../../lib/scan/outbox';
import type { TScanField } from '../../../lib/scan/scan-engine';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';
import { useScanEngine, type TScanFeedbackApi } from '../../../lib/scan/use-scan-engine';
import { CameraScanButton } from '../../../lib/scan/camera-scan-button';
import { floorArea, floorScanArea } from '../../../lib/scan/floor-layout';
import { Page } from '../../../shell/page';
import { usePickItem } from '../api/picking-api';
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
        {picked.product.model} × {picked.picked_quantity} · picked by {picked.picked_by ?? '—'} at{' '}
        {formatTimestamp(picked.picked_at)}
        {picked.picked_bin_name ? ` from bin ${picked.picked_bin_name}` : ' (no bin)'} · pick list{' '}
        {picked.ims_pick_list_id}
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
        {item.suggestedBin
          ? `Suggested bin: ${item.suggestedBin.binName} (${item.suggestedBin.quantity} in bin)`
          : PICK_MESSAGES.noBinToSuggest}
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
  const [noBinChecked, setNoBin] = useState(false);
  const noBin = noBins || noBinChecked;
  // The §8 messages sit under their field (the engine says which field a refusal is about).
  const [messages, setMessages] = useState<Record<TScanField, string | null>>({ upc: null, serial: null });
  const [submitMessage, setSubmitMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<TOutcome>(null);
  const context = `pick:${id}`;
  // The pick goes through the scan outbox with a client scan id: after a network cut it waits on this device and is
  // replayed (the server applies it once); the page says 'no response' meanwhile (001 §8).
  const outbox = useOutboxScans(context, (entry, answer) => {
    if (answer.ok) return setOutcome({ kind: 'picked' });
    setOutcome({ kind: 'error', text: pickErrorText(answer.message) });
    // Refused on a replay (someone else picked it meanwhile): also kept on the scans-waiting screen, with what to do.
    if (!entry.delayed) void scanOutbox.dismiss(entry.id);
    if (engine.state.step === 'held') engine.reset();
  });
  const sending = outbox.pending.length > 0;
  const noAnswer = outbox.pending.some((e) => e.attempts > 0);
  const done = outcome?.kind === 'picked';
  const feedback = useMemo<TScanFeedbackApi>(
    () => ({
      show: (kind, text, _ms, field) => kind === 'bad' && setMessages((m) => ({ ...m, [field ?? 'upc']: text })),
      clear: () => setMessages({ upc: null, serial: null }),
    }),
    [],
  );

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/'), PICK_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const send = (bin: TPickBin | null) => {
    setSubmitMessage(null);
    setOutcome(null);
    for (const refused of outbox.refused) void outbox.dismiss(refused.id);
    const clientScanId = newClientScanId();
    // The spec's body: actualPickedBinId omitted when no bin removal; the server records the signed-in user.
    outbox.add({
      id: clientScanId,
      kind: 'pick',
      params: { id: String(id) },
      body: { ...(bin ? { actualPickedBinId: bin.binId } : {}), clientScanId },
      context,
      label: `PLI=${id} ${item.model}`,
    });
  };

  // UPC, then the bin label (the engine's second field); the UPC typed in full is taken at once when a bin follows,
  // an Enter on an empty field says so, a refused value stays in its field next to its message.
  const engine = useScanEngine({
    feedback,
    ready: !done,
    busy: sending,
    hold: true,
    serialsPerUnit: noBin ? 0 : 1,
    checkUpc: (value) => upcError(value, item),
    checkSerial: (value) => checkBin(value, item).error,
    emptyMessage: (field) => (field === 'upc' ? upcError('', item) : checkBin('', item).error),
    takesTyped: (field, text) => field === 'upc' && !noBin && upcError(text, item) === null,
    keepRefused: true,
    submit: (unit) => send(noBin ? null : checkBin(unit.serials[0] ?? '', item).bin),
  });
  const upcText = engine.state.upcText;
  const binText = engine.state.step === 'held' ? (engine.unit?.serials[0] ?? '') : engine.state.serialText;

  const submit = () => {
    // A pick waiting for the server: Submit sends it again now (the same client scan id), never a second pick.
    if (sending) return scanOutbox.retryNow();
    const why = submitError({ upc: upcText, bin: binText, noBin }, item);
    setSubmitMessage(why);
    if (!why) send(noBin ? null : checkBin(binText, item).bin);
  };

  const fieldProps = (field: TScanField) => {
    const { inputRef, readOnly, onChange, ...props } = field === 'upc' ? engine.upcField : engine.serialField;
    return {
      ...props,
      inputRef,
      readOnly,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        setMessages((m) => ({ ...m, [field]: null }));
        onChange(e);
      },
    };
  };
  const { readOnly: upcReadOnly, ...upcField } = fieldProps('upc');
  const { readOnly: binReadOnly, ...binField } = fieldProps('serial');
  const upcOk = upcError(upcText, item) === null;
  const errorText = noAnswer ? PICK_MESSAGES.noResponse : outcome?.kind === 'error' ? outcome.text : null;

  return (
    <Paper
      variant="outlined"
      sx={[{ p: 2 }, floorArea]}
      component="form"
      onSubmit={(e) => (e.preventDefault(), submit())}
      noValidate
    >
      <Stack spacing={2}>
        {/* The camera button feeds the field the engine expects next (UPC, then bin), as a wedge scan would. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <TextField
              label="UPC"
              {...upcField}
              autoFocus
              disabled={done}
              error={!!messages.upc}
              helperText={messages.upc ?? (upcOk ? 'UPC matches' : 'Scan or type the UPC')}
              slotProps={{
                htmlInput: {
                  'data-testid': 'pick-upc',
                  readOnly: upcReadOnly,
                  autoComplete: 'off',
                  inputMode: 'numeric',
                  maxLength: 30,
                },
                formHelperText: { 'data-testid': 'pick-upc-helper' } as object,
              }}
            />
            <TextField
              label="Bin"
              {...binField}
              value={binText}
              disabled={noBin || done}
              error={!!messages.serial}
              helperText={messages.serial ?? 'Scan the bin label or type its name'}
              slotProps={{
                htmlInput: { 'data-testid': 'pick-bin', readOnly: binReadOnly, autoComplete: 'off', maxLength: 100 },
                formHelperText: { 'data-testid': 'pick-bin-helper' } as object,
              }}
            />
          </Stack>
          <CameraScanButton disabled={done} />
        </Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={noBin}
              disabled={noBins || done}
              onChange={(e) => (setNoBin(e.target.checked), setMessages((m) => ({ ...m, serial: null })))}
              slotProps={{ input: { 'data-testid': 'pick-no-bin' } as object }}
            />
          }
          label={PICK_MESSAGES.doNotRemove}
        />
        {submitMessage && (
          <Alert severity="error" data-testid="pick-submit-error">
            {submitMessage}
          </Alert>
        )}
        {errorText && (
          <Alert severity="error" data-testid="pick-error">
            {errorText}
          </Alert>
        )}
        <ScansWaiting count={outbox.waiting} testId="pick-waiting" />
        {done && (
          <Alert severity="success" data-testid="pick-success">
            {PICK_MESSAGES.picked}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={(sending && !noAnswer) || done}
          startIcon={sending ? <CircularProgress size={18} /> : undefined}
        >
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
            {query.error instanceof ApiCallError
              ? (serverMessage(query.error) ?? PICK_MESSAGES.unknownError)
              : PICK_MESSAGES.noResponse}
          </Alert>
        ) : query.data.picked ? (
          <AlreadyPicked picked={query.data.picked} />
        ) : !query.data.item ? (
          <Alert severity="info" data-testid="pick-empty">
            {PICK_MESSAGES.emptyData}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <Typography variant="overline" data-testid="pick-barcode">
              PLI={id}
            </Typography>
            <ItemFacts item={query.data.item} />
            {/* On a phone the form (the scan fields, the result) comes first, the item's facts under it. */}
            <Box sx={[floorScanArea, (t) => ({ [t.breakpoints.down('sm')]: { mb: 2 } })]}>
              <PickForm item={query.data.item} id={id} />
            </Box>
          </Box>
        )}
      </Box>
    </Page>
  );
}
