import { useState } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { BIN_MESSAGES, BIN_SCAN_PREFIX } from '@keystone/contracts';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { scanOutbox } from '../../../lib/scan/outbox';
import { newClientScanId } from '../../../lib/scan/scan-ids';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { playSound } from '../../../lib/scan/sounds';
import { useOutboxScans } from '../../../lib/scan/use-outbox-scans';
import { usePageScans } from '../../../lib/scan/use-page-scans';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { CameraScanButton } from '../../../lib/scan/camera-scan-button';
import { floorArea } from '../../../lib/scan/floor-layout';
import { RECORD_HISTORY_KEY, RecordHistorySlot } from '../../../lib/record-history';
import { useSession } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { BINS_QUERY_KEY, useBinByName } from '../api/bins-api';
import { applyServerErrors, checkRemoval, setStagedQuantity, stageScan, type TStagedLine } from './bin-staging';

/**
 * /inventory/bins/assignment/{locationCode}/{binName} (001 §2, §4, §5, §8): the bin and its contents; in Adding or
 * Removing mode, each scanned UPC stages +1 (the quantity is editable, never below 1); Submit sends every staged line
 * at once (PUT /ims/bins/{binId}/items, through the scan outbox with a client scan id: kept on this device and replayed
 * after a network cut, applied once, while the next lines are staged), all or nothing, and shows the refusals on
 * their lines. Scans reach the UPC
 * field from anywhere on the page (a BINASSIGN= scan still opens that bin). Usable at 390 px.
 */
export function BinAssignmentPage() {
  const { locationCode = '', binName = '' } = useParams();
  const client = useQueryClient();
  const username = useSession((s) => s.username);
  const { data: bin, isPending, isError } = useBinByName(locationCode, binName);
  const [adding, setAdding] = useState(true);
  const [lines, setLines] = useState<TStagedLine[]>([]);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const feedback = useScanFeedback();
  // Submit goes through the scan outbox with a client scan id: after a network cut it waits on this device and is
  // replayed (the server applies it once, and answers a replay with the first answer).
  const outbox = useOutboxScans(`bin:${bin?.id ?? 0}`, (entry, answer) => {
    void client.invalidateQueries({ queryKey: BINS_QUERY_KEY });
    void client.invalidateQueries({ queryKey: RECORD_HISTORY_KEY });
    const body = entry.body as { isAdding: boolean; items: { upc: string; updateQty: number }[] };
    if (answer.ok) {
      const units = body.items.reduce((n, l) => n + l.updateQty, 0);
      const name = (answer.result as { binName?: string }).binName ?? bin?.binName ?? '';
      setMessage({
        kind: 'success',
        text: `${body.isAdding ? 'Added' : 'Removed'} ${units} unit${units === 1 ? '' : 's'} ${body.isAdding ? 'to' : 'from'} ${name}.`,
      });
      playSound('good');
    } else if (entry.delayed) {
      // Refused on a replay, long after its submit: said here, and kept on the scans-waiting screen with what to do.
      setMessage({ kind: 'error', text: `${entry.label}: ${answer.message}` });
      playSound('bad');
    } else {
      // Refused at once: its lines come back, each with its refusal, to be fixed and submitted again.
      const staged = body.items.map((l) => ({ upc: l.upc, quantity: l.updateQty, error: null }));
      const out = applyServerErrors(staged, answer.error);
      setLines(out.lines);
      setAdding(body.isAdding);
      setMessage({ kind: 'error', text: out.message });
      playSound('bad');
      void scanOutbox.dismiss(entry.id);
    }
    input.current?.focus();
  });
  // A submit on its way with the server in reach: its answer comes at once (a refusal brings its lines back), so a
  // scan meanwhile is refused out loud. While submits wait on this device for the server, scanning goes on.
  const submitting = outbox.pending.length > 0 && outbox.waiting === 0;
  // Each scanned UPC is a unit of its own (no serials): it stages +1; the server judges the UPCs on Submit.
  const engine = useScanEngine({
    feedback,
    page: true,
    ready: !!bin,
    busy: submitting,
    serialsPerUnit: 0,
    checkUpc: () => null,
    checkSerial: () => null,
    submit: ({ upc: scanned }) => {
      setLines((ls) => stageScan(ls, scanned));
      setMessage(null);
      feedback.show('good', `Staged ${scanned}`);
      playSound('good');
    },
  });
  const { readOnly: _readOnly, ...upcField } = engine.upcField;
  const input = upcField.inputRef;

  // A scan outside the field (focus on the page) is staged too; a BINASSIGN= scan keeps its route (it opens that bin).
  usePageScans((scan) => {
    if (scan.startsWith(BIN_SCAN_PREFIX) || !bin) return false;
    engine.scan('upc', scan);
    return true;
  }, !!bin);

  const submit = () => {
    if (!bin || !lines.length) return;
    if (!adding) {
      const checked = checkRemoval(lines, bin.items);
      const refused = checked.find((l) => l.error);
      if (refused) {
        setLines(checked);
        setMessage({ kind: 'error', text: refused.error! });
        playSound('bad');
        return;
      }
    }
    setMessage(null);
    const clientScanId = newClientScanId();
    const body = {
      isAdding: adding,
      items: lines.map((l) => ({ upc: l.upc, updateQty: l.quantity })),
      submittedBy: username ?? undefined,
      clientScanId,
    };
    outbox.add({
      id: clientScanId,
      kind: 'bin-items',
      params: { binId: String(bin.id) },
      body,
      context: `bin:${bin.id}`,
      label: `${adding ? 'Add to' : 'Remove from'} ${bin.binName}`,
    });
    // The lines are in the outbox now (kept on this device until the server answers).
    setLines([]);
  };

  if (isPending) return <LinearProgress aria-label="Loading the bin" />;
  if (isError || !bin) {
    return (
      <Page title="Bin Contents">
        <Typography variant="h5" color="error" data-testid="bin-not-found">
          {isError ? 'There was an error.' : BIN_MESSAGES.binNotFound}
        </Typography>
      </Page>
    );
  }

  return (
    <Page title={`Bin ${bin.binName}`}>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="bin-summary">
        {bin.locationCode} · {bin.conditionCode} · {bin.totalQuantity} unit{bin.totalQuantity === 1 ? '' : 's'}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper variant="outlined" sx={[{ p: 2, width: '100%', maxWidth: { md: 520 } }, floorArea]}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            color={adding ? 'primary' : 'error'}
            value={adding ? 'add' : 'remove'}
            onChange={(_, v: string | null) => {
              if (!v) return;
              setAdding(v === 'add');
              setLines((ls) => ls.map((l) => ({ ...l, error: null })));
              setMessage(null);
            }}
            sx={{ mb: 2 }}
            aria-label="Assignment mode"
          >
            <ToggleButton value="add" data-testid="mode-add">
              Adding
            </ToggleButton>
            <ToggleButton value="remove" data-testid="mode-remove">
              Removing
            </ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label="Scan UPC"
              {...upcField}
              autoFocus
              size="small"
              autoComplete="off"
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{ htmlInput: { 'data-testid': 'bin-upc-input', maxLength: 40, inputMode: 'numeric' } }}
            />
            {/* A camera read goes where a wedge scan would: this page's scans (a UPC is staged), or a BINASSIGN= route. */}
            <CameraScanButton />
          </Box>
          <ScanFeedback feedback={feedback.feedback} testId="bin-scan-feedback" />
          <Table size="small" aria-label="Staged items" data-testid="staged-table" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>UPC</TableCell>
                <TableCell sx={{ width: 96 }}>Qty</TableCell>
                <TableCell sx={{ width: 40 }} />
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.upc} data-testid="staged-line" data-upc={l.upc}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {l.upc}
                    {l.error && (
                      <Typography variant="caption" color="error" component="div" data-testid="staged-line-error">
                        {l.error}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      type="number"
                      size="small"
                      value={l.quantity}
                      onChange={(e) => setLines((ls) => setStagedQuantity(ls, l.upc, e.target.value))}
                      slotProps={{
                        htmlInput: { min: 1, 'aria-label': `Quantity of ${l.upc}`, 'data-testid': 'staged-qty' },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      size="small"
                      aria-label={`Unstage ${l.upc}`}
                      onClick={() => setLines((ls) => ls.filter((x) => x.upc !== l.upc))}
                    >
                      ×
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
              {!lines.length && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography color="text.secondary">Scan UPCs to stage them.</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
          <ScansWaiting count={outbox.waiting} testId="bin-waiting" />
          {message && (
            <Alert severity={message.kind} sx={{ mt: 2 }} data-testid="bin-submit-message">
              {message.text}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              color={adding ? 'primary' : 'error'}
              disabled={!lines.length || submitting}
              onClick={submit}
              data-testid="submit-bin-items"
              fullWidth
            >
              {adding ? 'Add to Bin' : 'Remove from Bin'}
            </Button>
            <Button disabled={!lines.length || submitting} onClick={() => setLines([])}>
              Clear
            </Button>
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, width: '100%' }}>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Contents
          </Typography>
          <Table size="small" aria-label="Bin contents" data-testid="bin-contents">
            <TableHead>
              <TableRow>
                <TableCell>Model</TableCell>
                <TableCell>UPC</TableCell>
                <TableCell align="right">Qty</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bin.items.map((i) => (
                <TableRow key={i.productId} data-testid="bin-item" data-model={i.model}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.model}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{i.upc ?? '—'}</TableCell>
                  <TableCell align="right" data-testid="bin-item-qty">
                    {i.quantity}
                  </TableCell>
                </TableRow>
              ))}
              {!bin.items.length && (
                <TableRow>
                  <TableCell colSpan={3}>
                    <Typography color="text.secondary">The bin is empty.</Typography>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
      </Stack>
      <Box sx={{ mt: 2, maxWidth: 960 }}>
        <RecordHistorySlot entity="bin" id={bin.id} />
      </Box>
    </Page>
  );
}
