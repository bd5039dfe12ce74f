import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { serialsPerItem, type TManifestReceiveResult, type TPoLine } from '@keystone/contracts';
import { ApiCallError, serverMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { useReceiveManifest } from '../api/manifest';
import { scanProductOf, useImsProduct, useLineSerials } from '../api/receiving';
import { compareManifest, manifestRefusals, parseManifest } from './serial-manifest';

/** How many serials each list shows; the counts above them are always whole. */
const SHOWN = 100;

export interface SerialManifestPanelProps {
  line: TPoLine;
  /** Serials scanned in the Receiving dialog (received or staged). */
  scannedSerials: string[];
  /** The dialog's receiving bucket: where "Receive Manifest" puts the units. */
  bucket: string;
  disabled?: boolean;
  onReceived?(result: TManifestReceiveResult): void;
}

function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function SerialList({
  title,
  serials,
  testId,
  color,
}: {
  title: string;
  serials: string[];
  testId: string;
  color: 'success' | 'warning' | 'default';
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Chip size="small" color={color} label={serials.length} data-testid={`${testId}-count`} />
      </Box>
      <List
        dense
        disablePadding
        data-testid={`${testId}-list`}
        sx={{ maxHeight: 160, overflow: 'auto', fontFamily: 'monospace', fontSize: 13 }}
      >
        {serials.slice(0, SHOWN).map((s) => (
          <ListItem key={s} disablePadding data-testid={`${testId}-item`} sx={{ wordBreak: 'break-all' }}>
            {s}
          </ListItem>
        ))}
        {serials.length > SHOWN && (
          <ListItem disablePadding sx={{ color: 'text.secondary' }}>
            and {serials.length - SHOWN} more
          </ListItem>
        )}
      </List>
    </Paper>
  );
}

/**
 * A vendor's serial manifest for the PO line: loaded from a CSV file or pasted, compared with what is
 * scanned as the receiver works (matched, unexpected, missing), and the units nobody scanned received in one
 * submit, after a confirmation. Refusals come back per serial and are listed.
 */
export function SerialManifestPanel({ line, scannedSerials, bucket, disabled, onReceived }: SerialManifestPanelProps) {
  const username = useSession((s) => s.username);
  const stored = useImsProduct(line.product.model_number);
  const perItem = serialsPerItem(stored.data ?? scanProductOf(line));
  const earlier = useLineSerials(line.id);
  const receive = useReceiveManifest(line.purchaseOrderId, line.id);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<TManifestReceiveResult | null>(null);
  /** The retry id of the units being sent: kept while the same units are sent again, new after a success. */
  const request = useRef<{ key: string; id: string } | null>(null);

  const manifest = useMemo(() => parseManifest(text, perItem), [text, perItem]);
  const receivedBefore = useMemo(() => (earlier.data ?? []).map((s) => s.serial_number), [earlier.data]);
  const comparison = useMemo(
    () => compareManifest(manifest.units, scannedSerials, receivedBefore),
    [manifest.units, scannedSerials, receivedBefore],
  );
  const toSend = comparison.unitsToReceive;
  const remaining = Math.max(0, line.qty_ordered - line.qty_received);
  const serialCount = toSend.reduce((n, u) => n + u.length, 0);

  async function loadFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setText(await file.text());
    setFileName(file.name);
    setDone(null);
    receive.reset();
  }

  async function submit() {
    setConfirming(false);
    const key = `${toSend.length}:${toSend[0]?.join(',')}:${toSend.at(-1)?.join(',')}:${bucket}`;
    if (request.current?.key !== key) request.current = { key, id: newRequestId() };
    try {
      const result = await receive.mutateAsync({
        model: line.product.model_number,
        poApiPoId: line.purchaseOrderId,
        poApiPoItemId: line.id,
        receivingBucket: bucket,
        ...(username ? { scannedBy: username } : {}),
        clientRequestId: request.current.id,
        units: toSend,
      });
      request.current = null;
      setDone(result);
      onReceived?.(result);
    } catch {
      setDone(null);
    }
  }

  const error = receive.error;
  const refusals =
    error instanceof ApiCallError
      ? manifestRefusals((error.body as { errors?: Record<string, string[]> } | null)?.errors)
      : [];

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 1 }} data-testid="serial-manifest">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" component="label" disabled={disabled}>
          Load CSV
          <input
            hidden
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={(e) => void loadFile(e)}
            data-testid="manifest-file"
          />
        </Button>
        {fileName && <Typography variant="body2">{fileName}</Typography>}
        {text && (
          <Button
            size="small"
            onClick={() => {
              setText('');
              setFileName(null);
              setDone(null);
              receive.reset();
            }}
            disabled={receive.isPending}
          >
            Clear
          </Button>
        )}
      </Box>
      <TextField
        label="Or paste the vendor's serials"
        multiline
        minRows={3}
        maxRows={8}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFileName(null);
        }}
        disabled={disabled || receive.isPending}
        helperText={
          perItem > 1
            ? `One unit per row: its ${perItem} serials in columns (or joined by :=:). A header row naming the serial columns is optional.`
            : 'One serial per row or per cell. A header row (Serial, S/N…) is optional; other columns are ignored.'
        }
        slotProps={{ htmlInput: { 'data-testid': 'manifest-text', spellCheck: false, autoComplete: 'off' } }}
      />

      {manifest.units.length > 0 && (
        <>
          <Typography variant="body2" data-testid="manifest-summary">
            Manifest: {manifest.units.length} unit{manifest.units.length === 1 ? '' : 's'}
            {manifest.header ? ` (columns ${manifest.header.join(', ')})` : ''}; to receive by manifest:{' '}
            <span data-testid="manifest-to-receive">{toSend.length}</span>
          </Typography>
          {manifest.duplicates.length > 0 && (
            <Alert severity="warning" data-testid="manifest-duplicates">
              Listed more than once: {manifest.duplicates.slice(0, 20).join(', ')}
              {manifest.duplicates.length > 20 ? ` and ${manifest.duplicates.length - 20} more` : ''}
            </Alert>
          )}
          {manifest.badUnits.length > 0 && (
            <Alert severity="warning" data-testid="manifest-bad-units">
              Unit{manifest.badUnits.length === 1 ? '' : 's'} {manifest.badUnits.slice(0, 20).join(', ')}{' '}
              {manifest.badUnits.length === 1 ? 'does' : 'do'} not have {perItem} serial
              {perItem === 1 ? '' : 's'}.
            </Alert>
          )}
          {toSend.length > remaining && (
            <Alert severity="warning" data-testid="manifest-over">
              {toSend.length} units are not scanned yet, but the line needs only {remaining} more: the receive would be
              refused.
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
            <SerialList title="Matched" serials={comparison.matched} testId="manifest-matched" color="success" />
            <SerialList
              title="Unexpected"
              serials={comparison.unexpected}
              testId="manifest-unexpected"
              color="warning"
            />
            <SerialList title="Missing" serials={comparison.missing} testId="manifest-missing" color="default" />
          </Box>
          <Box>
            <Button
              variant="contained"
              size="small"
              disabled={disabled || receive.isPending || toSend.length === 0}
              onClick={() => setConfirming(true)}
            >
              Receive Manifest
            </Button>
            {receive.isPending && (
              <Typography component="span" sx={{ ml: 1 }} color="text.secondary">
                Receiving {toSend.length} units…
              </Typography>
            )}
          </Box>
        </>
      )}

      {done && (
        <Alert severity="success" data-testid="manifest-result">
          Received {done.received} unit{done.received === 1 ? '' : 's'} by manifest ({done.transactionReferenceIds[0]}
          {done.received > 1 ? ` to ${done.transactionReferenceIds.at(-1)}` : ''}). Received on the line:{' '}
          {done.qty_received} of {done.qty_ordered}.
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="manifest-error">
          {serverMessage(error) ?? 'The manifest could not be sent: nothing was received. Try again.'}
          {refusals.length > 0 && (
            <List dense disablePadding sx={{ maxHeight: 200, overflow: 'auto' }}>
              {refusals.slice(0, 200).map((r) => (
                <ListItem key={r} disablePadding data-testid="manifest-refusal">
                  {r}
                </ListItem>
              ))}
              {refusals.length > 200 && <ListItem disablePadding>and {refusals.length - 200} more</ListItem>}
            </List>
          )}
        </Alert>
      )}

      <Dialog open={confirming} onClose={() => setConfirming(false)} data-testid="manifest-confirm">
        <DialogTitle>Receive Manifest</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Receive {toSend.length} unit{toSend.length === 1 ? '' : 's'} ({serialCount} serial
            {serialCount === 1 ? '' : 's'}) of {line.product.model_number} into {bucket}? Each unit becomes a receipt;
            if any serial is refused, nothing is received.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" onClick={() => void submit()}>
            Receive
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The Receiving dialog's "Serial Manifest" toggle and, open, its panel (serial-tracked products only). */
export function SerialManifestToggle(props: SerialManifestPanelProps) {
  const [open, setOpen] = useState(false);
  // Mounted on first open and kept: closing the toggle does not lose a loaded manifest.
  const [opened, setOpened] = useState(false);
  return (
    <Box>
      <Button
        size="small"
        variant="outlined"
        onClick={() => {
          setOpen((v) => !v);
          setOpened(true);
        }}
        aria-expanded={open}
      >
        Serial Manifest
      </Button>
      <Collapse in={open}>{opened && <SerialManifestPanel {...props} />}</Collapse>
    </Box>
  );
}
