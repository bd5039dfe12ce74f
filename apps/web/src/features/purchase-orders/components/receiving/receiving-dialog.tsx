import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { quickScanReceiveRoute, RECEIVING_MESSAGES, serialError, serialsPerItem, upcMatches, type TPoLine } from '@keystone/contracts';
import { ApiCallError, callApi } from '../../../../lib/api-client';
import { statusLine, useMessageQueue } from '../../../../lib/message-queue';
import { useCan, useSession } from '../../../../lib/session-store';
import { usePurchaseOrder } from '../../api/purchase-order-detail';
import { scanProductOf, serverMessage, useLineSerials, useReceivingBuckets, useRefreshAfterReceiving } from '../../api/receiving';
import { ScanFeedback, useScanFeedback } from './scan-feedback';
import { ScanSetupPanel } from './scan-setup-panel';
import { playSound, primeSounds } from './sounds';
import { focusIsInAField, RECEIVING_TIMING, useTimers } from './timing';

interface ScannedItem {
  reference: string;
  upc: string;
  serials: string[];
  bucket: string;
}

/** 'Product {model} not found in {product} products list.' closes the dialog with an errors notice (001 §8). */
const PRODUCT_NOT_FOUND = /^Product .+ not found in .+ products list\.$/;

function newScanId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * The Receiving dialog of one PO line (001 §2, §4, §5, §8): scan the UPC, then the product's serials; each unit
 * posts on its own (quickScanReceive) and joins the list of scanned items until the quantity still to receive
 * (counted when the dialog opened) is reached. Local checks answer synchronously on the scan's Enter.
 */
export function ReceivingDialog({ line, onClose }: { line: TPoLine; onClose(): void }) {
  const canReceive = useCan('purchase-order:receive');
  const username = useSession((s) => s.username);
  const po = usePurchaseOrder(line.purchaseOrderId);
  const location = po.data?.PO.ims_location_code;
  const buckets = useReceivingBuckets(location);
  const earlier = useLineSerials(line.id);
  const refresh = useRefreshAfterReceiving(line.purchaseOrderId, line.id);
  const later = useTimers();
  const { feedback, show } = useScanFeedback();
  useEffect(() => primeSounds(), []);

  const product = scanProductOf(line);
  const perItem = serialsPerItem(product);
  const [toReceive] = useState(() => Math.max(0, line.qty_ordered - line.qty_received));
  const [bucket, setBucket] = useState<string | null>(null);
  const [upcText, setUpcText] = useState('');
  const [serialText, setSerialText] = useState('');
  /** The unit being scanned: its matched UPC and the serials scanned so far. */
  const [unit, setUnit] = useState<{ upc: string; serials: string[] } | null>(null);
  const [posting, setPosting] = useState(false);
  const [scanned, setScanned] = useState<ScannedItem[]>([]);
  const [submitted, setSubmitted] = useState<ScannedItem | null>(null);
  const [lineFull, setLineFull] = useState(false);
  const [setupOpen, setSetupOpen] = useState(false);
  const upcRef = useRef<HTMLInputElement>(null);
  const serialRef = useRef<HTMLInputElement>(null);

  const receivingBucket = bucket ?? location ?? '';
  const bucketOptions = buckets.data?.length ? buckets.data : location ? [location] : [];
  const allReceived = toReceive === 0 || scanned.length >= toReceive || lineFull;
  const ready = !!location && !allReceived;

  // Read by the refocus timer, which outlives the render that set it.
  const live = useRef({ unit, allReceived, setupOpen });
  live.current = { unit, allReceived, setupOpen };

  function focusScanField() {
    (live.current.unit ? serialRef : upcRef).current?.focus();
  }

  function scheduleRefocus() {
    later(() => {
      const { allReceived: done, setupOpen: setup } = live.current;
      if (!done && !setup && !focusIsInAField()) focusScanField();
    }, RECEIVING_TIMING.scannerRefocusMs);
  }

  function fail(message: string) {
    show('bad', message);
    playSound('bad');
  }

  function resetUnit() {
    setUnit(null);
    setUpcText('');
    setSerialText('');
    later(() => upcRef.current?.focus(), 0);
  }

  function onUpcKey(e: KeyboardEvent) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!ready || posting || unit) return;
    const value = ((e.target as HTMLInputElement).value ?? '').trim();
    if (!upcMatches(product, value)) {
      fail(RECEIVING_MESSAGES.upcMismatch);
      setUpcText('');
      upcRef.current?.focus();
      return;
    }
    if (perItem === 0) {
      setUnit({ upc: value, serials: [] });
      void post(value, []);
      return;
    }
    setUnit({ upc: value, serials: [] });
    setUpcText(value);
    later(() => serialRef.current?.focus(), RECEIVING_TIMING.focusMoveMs);
  }

  function onSerialKey(e: KeyboardEvent) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!ready || posting || !unit) return;
    const value = ((e.target as HTMLInputElement).value ?? '').trim();
    const seen = new Set<string>();
    for (const s of earlier.data ?? []) seen.add(s.serial_number.toUpperCase());
    for (const item of scanned) for (const s of item.serials) seen.add(s.toUpperCase());
    for (const s of unit.serials) seen.add(s.toUpperCase());
    const message = serialError(value, product, seen);
    setSerialText('');
    if (message) {
      fail(message);
      serialRef.current?.focus();
      return;
    }
    const serials = [...unit.serials, value];
    setUnit({ ...unit, serials });
    if (serials.length >= perItem) void post(unit.upc, serials);
  }

  async function post(scannedUpc: string, serials: string[]) {
    setPosting(true);
    try {
      const result = await callApi(quickScanReceiveRoute, {
        body: {
          scannedUpc,
          model: line.product.model_number,
          poApiPoId: line.purchaseOrderId,
          poApiPoItemId: line.id,
          receivingBucket,
          ...(serials.length ? { scannedSerialNumbers: serials } : {}),
          ...(username ? { scannedBy: username } : {}),
          clientScanId: newScanId(),
        },
        silent: true,
      });
      const item: ScannedItem = { reference: result.transactionReferenceId, upc: scannedUpc, serials, bucket: receivingBucket };
      playSound('good');
      show('good', `Received ${line.product.model_number}${serials.length ? ` (${serials.join(', ')})` : ''} into ${receivingBucket}: ${result.transactionReferenceId}`);
      setScanned((list) => [...list, item]);
      if (result.qty_received >= result.qty_ordered) setLineFull(true);
      setSubmitted(item);
      later(() => setSubmitted((current) => (current === item ? null : current)), RECEIVING_TIMING.submittedCloseMs);
    } catch (error) {
      const message = serverMessage(error) ?? (error instanceof ApiCallError ? statusLine(error.status) : 'The receive request got no response.');
      if (PRODUCT_NOT_FOUND.test(message)) {
        useMessageQueue.getState().push({ type: 'errors', status: error instanceof ApiCallError ? statusLine(error.status) : 'Error', message });
        onClose();
        return;
      }
      fail(message);
      if (error instanceof ApiCallError && error.status === 409 && message === RECEIVING_MESSAGES.nothingLeftToReceive) setLineFull(true);
    } finally {
      refresh();
      setPosting(false);
      resetUnit();
    }
  }

  const remaining = Math.max(0, line.qty_ordered - line.qty_received);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="receiving-dialog">
      <DialogTitle>Receiving</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h6" data-testid="receiving-model">
            {line.product.model_number}
          </Typography>
          <Typography data-testid="receiving-qty-ordered">Ordered: {line.qty_ordered}</Typography>
          <Typography data-testid="receiving-qty-received">Received: {line.qty_received}</Typography>
          <Typography data-testid="receiving-qty-remaining">Remaining: {remaining}</Typography>
          <Typography variant="body2" color="text.secondary">
            {perItem ? `${perItem} serial${perItem > 1 ? 's' : ''} per item` : 'Not serial tracked'}
          </Typography>
        </Box>

        <TextField
          select
          label="Receiving Bucket"
          size="small"
          value={bucketOptions.includes(receivingBucket) ? receivingBucket : ''}
          onChange={(e) => setBucket(e.target.value)}
          disabled={!location || posting}
          slotProps={{ htmlInput: { 'data-testid': 'receiving-bucket' } }}
          sx={{ maxWidth: 320 }}
        >
          {bucketOptions.map((b) => (
            <MenuItem key={b} value={b}>
              {b}
            </MenuItem>
          ))}
        </TextField>

        {allReceived ? (
          <Alert severity="success" data-testid="all-received">
            {RECEIVING_MESSAGES.allReceived}
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: perItem ? '1fr 1fr' : '1fr' } }}>
            <TextField
              label="Scan UPC"
              autoFocus
              value={unit ? unit.upc : upcText}
              onChange={(e) => setUpcText(e.target.value)}
              onKeyDown={onUpcKey}
              onBlur={scheduleRefocus}
              inputRef={upcRef}
              disabled={!location}
              slotProps={{ htmlInput: { 'data-testid': 'receiving-upc', readOnly: !!unit || posting, autoComplete: 'off' } }}
            />
            {perItem > 0 && (
              <TextField
                label={unit ? `Scan Serial ${Math.min(unit.serials.length + 1, perItem)} of ${perItem}` : 'Scan Serial'}
                value={serialText}
                onChange={(e) => setSerialText(e.target.value)}
                onKeyDown={onSerialKey}
                onBlur={scheduleRefocus}
                inputRef={serialRef}
                disabled={!location}
                helperText={unit?.serials.length ? `Scanned: ${unit.serials.join(', ')}` : ' '}
                slotProps={{ htmlInput: { 'data-testid': 'receiving-serial', readOnly: !unit || posting, autoComplete: 'off' } }}
              />
            )}
          </Box>
        )}

        <ScanFeedback feedback={feedback} />
        {posting && <Typography color="text.secondary">Submitting…</Typography>}
        {submitted && (
          <Alert severity="success" variant="outlined" data-testid="submitted-scan">
            Submitted {submitted.reference}
            {submitted.serials.length ? `: ${submitted.serials.join(', ')}` : ''}
          </Alert>
        )}

        <Box>
          <Typography variant="subtitle2">
            Scanned items: <span data-testid="scanned-count">{scanned.length}</span> of {toReceive}
          </Typography>
          <List dense data-testid="scanned-items">
            {scanned.map((item) => (
              <ListItem key={item.reference} data-testid="scanned-item" divider>
                <ListItemText primary={item.serials.length ? item.serials.join(', ') : item.upc} secondary={`${item.reference} · UPC ${item.upc} · ${item.bucket}`} />
              </ListItem>
            ))}
          </List>
        </Box>

        {canReceive && (
          <Box>
            <Button size="small" variant="outlined" onClick={() => setSetupOpen((v) => !v)} aria-expanded={setupOpen}>
              Scan Setup
            </Button>
            {!product.upc && !product.alternate_upc && <Chip sx={{ ml: 1 }} size="small" color="warning" label="This product has no UPC: set it in Scan Setup" />}
            <Collapse in={setupOpen} unmountOnExit>
              <ScanSetupPanel line={line} />
            </Collapse>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {!allReceived && (
          <Button onClick={resetUnit} disabled={posting || !unit}>
            Reset Scan
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
