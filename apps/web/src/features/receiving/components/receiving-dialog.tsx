import { useEffect, useRef, useState } from 'react';
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
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  productNotInListMessage,
  RECEIVING_MESSAGES,
  serialError,
  serialsPerItem,
  upcMatches,
  type TPoLine,
  type TScanProduct,
} from '@keystone/contracts';
import { useMessageQueue } from '../../../lib/message-queue';
import { useCan, useSession } from '../../../lib/session-store';
import { usePurchaseOrder } from '../../../lib/purchase-order-query';
import {
  scanProductOf,
  useImsProduct,
  useLineSerials,
  useReceivingBuckets,
  useRefreshAfterReceiving,
} from '../api/receiving';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { floorActions, floorArea, floorScanArea } from '../../../lib/scan/floor-layout';
import { ScanUnitFields } from '../../../lib/scan/scan-unit-fields';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { ScannedItemsList } from './scanned-items-list';
import { ScanSetupPanel } from './scan-setup-panel';
import { SerialManifestToggle } from './serial-manifest-panel';
import { useTimers } from '../../../lib/scan/timing';
import { useReceivingList } from './use-receiving-list';

/**
 * The Receiving dialog of one PO line (001 §2, §4, §5, §8): scan the UPC, then the product's serials; each unit
 * posts on its own (quickScanReceive, through the scan outbox: while the server cannot be reached it waits there
 * and is replayed in order with its id) and joins the list of scanned items until the quantity still to receive
 * (counted when the dialog opened) is reached. Local checks answer synchronously on the scan's Enter; the next
 * unit can be scanned while the last one is on its way. Every keystroke while the dialog is open belongs to it
 * (useScanScope): a scan that arrives before its field has focus lands in that field.
 * With Stage Scans on, units are checked and listed but only received when the list is submitted
 * (scanned-item/submit: all in one transaction, or none). A received unit can be taken back from the list
 * (DELETE scanned-item: a reversing transaction) by the receiver who scanned it.
 */
export function ReceivingDialog({
  line,
  onClose,
  initialUpc,
}: {
  line: TPoLine;
  onClose(): void;
  /** A UPC scanned on the PO page that opened the dialog: taken as its first scan. */ initialUpc?: string;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const canReceive = useCan('purchase-order:receive');
  const username = useSession((s) => s.username);
  const po = usePurchaseOrder(line.purchaseOrderId);
  const location = po.data?.PO.ims_location_code;
  const buckets = useReceivingBuckets(location);
  const earlier = useLineSerials(line.id);
  const refresh = useRefreshAfterReceiving(line.purchaseOrderId, line.id);
  const later = useTimers();
  const feedback = useScanFeedback();

  // The product's scan fields as stored now (GET ims/products?model=, 001 §7), the PO line's copy until they come.
  const stored = useImsProduct(line.product.model_number);
  const product: TScanProduct = stored.data ?? scanProductOf(line);
  /** 'Product {model} not found in {product} products list.' closes the dialog with an errors notice (001 §8). */
  const closeWithNotice = (message: string, status: string) => {
    useMessageQueue.getState().push({ type: 'errors', status, message });
    onClose();
  };
  const productMissing = stored.isSuccess && stored.data === null;
  const missingNoticed = useRef(false);
  useEffect(() => {
    if (!productMissing || missingNoticed.current) return;
    missingNoticed.current = true;
    const model = line.product.model_number;
    closeWithNotice(productNotInListMessage(model, model), 'Error');
  });
  const perItem = serialsPerItem(product);
  const [toReceive] = useState(() => Math.max(0, line.qty_ordered - line.qty_received));
  const [bucket, setBucket] = useState<string | null>(null);
  /** Closing with staged items asks once: a second Close discards them. */
  const [closeArmed, setCloseArmed] = useState(false);
  const [setupOpen, setSetupOpen] = useState(false);
  /** The Scan Setup panel has finished opening: until then it grows and the dialog moves under the pointer. */
  const [setupSettled, setSetupSettled] = useState(false);

  const receivingBucket = bucket ?? location ?? '';
  const bucketOptions = buckets.data?.length ? buckets.data : location ? [location] : [];
  const list = useReceivingList({
    line,
    toReceive,
    username,
    later,
    show: feedback.show,
    fail: (message) => engine.fail(message),
    refresh,
    nextScan: () => engine.reset(),
    productGone: closeWithNotice,
  });
  const { items, staged, posting, allReceived, allScanned } = list;
  const ready = !!location && !allReceived && !allScanned;

  // Every scan belongs to the dialog; one that comes before its field has focus is typed into it.
  const engine = useScanEngine({
    feedback,
    ready,
    busy: posting,
    paused: setupOpen,
    serialsPerUnit: perItem,
    checkUpc: (value) => (upcMatches(product, value) ? null : RECEIVING_MESSAGES.upcMismatch),
    checkSerial: (value, unit) => {
      const seen = new Set<string>();
      for (const s of earlier.data ?? []) seen.add(s.serial_number.toUpperCase());
      for (const item of items) for (const s of item.serials) seen.add(s.toUpperCase());
      for (const s of unit.serials) seen.add(s.toUpperCase());
      return serialError(value, product, seen);
    },
    submit: (unit) => list.complete(unit.upc, unit.serials, receivingBucket),
  });
  const { unit } = engine;

  function requestClose() {
    if (posting) return;
    if (staged.length && !closeArmed) {
      setCloseArmed(true);
      return;
    }
    onClose();
  }

  // A UPC scanned on the PO page opened the dialog: it is the first scan (once the PO's location is known).
  const initialTaken = useRef(false);
  useEffect(() => {
    if (!initialUpc || initialTaken.current || !ready) return;
    initialTaken.current = true;
    engine.scan('upc', initialUpc);
  });

  // The line's figures as the PO now stands (the dialog may have been opened from a snapshot of it).
  const current = po.data?.PO_LINES.find((l) => l.id === line.id) ?? line;
  const remaining = Math.max(0, current.qty_ordered - current.qty_received);

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="md" fullScreen={phone} data-testid="receiving-dialog">
      <DialogTitle>Receiving</DialogTitle>
      <DialogContent sx={[{ display: 'grid', gap: 2, gridAutoRows: 'max-content', pt: '8px !important' }, floorArea]}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h6" component="h3" data-testid="receiving-model">
            {line.product.model_number}
          </Typography>
          <Typography data-testid="receiving-qty-ordered">Ordered: {current.qty_ordered}</Typography>
          <Typography data-testid="receiving-qty-received">Received: {current.qty_received}</Typography>
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

        <FormControlLabel
          control={
            <Switch
              checked={list.staging}
              disabled={staged.length > 0 || posting}
              onChange={(e) => {
                list.setStaging(e.target.checked);
                later(engine.focusScanField, 0);
              }}
              slotProps={{ input: { 'aria-label': 'Stage Scans' } }}
            />
          }
          label="Stage scans, then submit them together"
        />

        {/* The scan fields and the last result: first on a phone (floor-layout.ts). */}
        <Box sx={floorScanArea}>
          {allReceived ? (
            <Alert severity="success" data-testid="all-received">
              {RECEIVING_MESSAGES.allReceived}
            </Alert>
          ) : allScanned ? (
            <Alert severity="info" data-testid="all-staged">
              Every item still to receive is staged: submit the list to receive them.
            </Alert>
          ) : (
            <ScanUnitFields
              engine={engine}
              testIds={{ upc: 'receiving-upc', serial: 'receiving-serial' }}
              showSerial={perItem > 0}
              disabled={!location}
            />
          )}

          <ScanFeedback feedback={feedback.feedback} />
          <ScansWaiting count={list.waiting} testId="dialog-scans-waiting" />
        </Box>
        {posting && <Typography color="text.secondary">Submitting…</Typography>}
        {/* The note's place is kept while it is gone: it comes with each answer and goes 2 s later, and what is below it
            (the list, Serial Manifest's buttons) must not move under a finger or a click at that moment. */}
        <Box sx={{ minHeight: 50 }} data-testid="submitted-slot">
          {list.submitted && (
            <Alert severity="success" variant="outlined" data-testid="submitted-scan">
              Submitted {list.submitted.references.join(', ')}
              {list.submitted.serials.length ? `: ${list.submitted.serials.join(', ')}` : ''}
            </Alert>
          )}
        </Box>

        {closeArmed && staged.length > 0 && (
          <Alert severity="warning" data-testid="staged-not-submitted">
            {staged.length} staged item{staged.length === 1 ? ' is' : 's are'} not received yet: submit them, or close
            again to discard them.
          </Alert>
        )}

        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography variant="subtitle2" component="h3">
              Scanned items: <span data-testid="scanned-count">{items.length}</span> of {toReceive}
              {staged.length > 0 && ` (${staged.length} staged)`}
              {list.byManifest > 0 && `, ${list.byManifest} received by manifest`}
            </Typography>
            {staged.length > 0 && (
              <Button
                size="small"
                variant="contained"
                onClick={() => void list.submitStaged()}
                disabled={posting}
                data-testid="submit-staged"
              >
                Submit {staged.length} Staged Item{staged.length === 1 ? '' : 's'}
              </Button>
            )}
          </Box>
          <ScannedItemsList
            items={items}
            busy={posting}
            waiting={list.waiting > 0}
            failedIndex={list.failedIndex}
            onRemove={(item) => void list.removeItem(item)}
          />
        </Box>

        {canReceive && (
          <Box>
            <Button size="small" variant="outlined" onClick={() => setSetupOpen((v) => !v)} aria-expanded={setupOpen}>
              Scan Setup
            </Button>
            {!product.upc && !product.alternate_upc && (
              <Chip sx={{ ml: 1 }} size="small" color="warning" label="This product has no UPC: set it in Scan Setup" />
            )}
            <Collapse
              in={setupOpen}
              unmountOnExit
              onEntered={() => setSetupSettled(true)}
              onExit={() => setSetupSettled(false)}
            >
              <ScanSetupPanel line={line} settled={setupSettled} />
            </Collapse>
          </Box>
        )}
        {canReceive && perItem > 0 && (
          <SerialManifestToggle
            line={line}
            scannedSerials={items.filter((i) => i.state !== 'refused').flatMap((i) => i.serials)}
            bucket={receivingBucket}
            disabled={posting || !location}
            onReceived={list.manifestReceived}
          />
        )}
      </DialogContent>
      <DialogActions sx={floorActions}>
        {!allReceived && (
          <Button onClick={engine.reset} disabled={posting || !unit}>
            Reset Scan
          </Button>
        )}
        <Button onClick={requestClose} disabled={posting}>
          {closeArmed && staged.length ? 'Discard and Close' : 'Close'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
