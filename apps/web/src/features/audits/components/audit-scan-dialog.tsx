import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { AUDIT_MESSAGES, auditTypeOf, type TAuditItem, type TAuditTally } from '@keystone/contracts';
import { formatTimestamp } from '../../../lib/format-date';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { floorActions, floorArea, floorScanArea } from '../../../lib/scan/floor-layout';
import { ScanUnitFields } from '../../../lib/scan/scan-unit-fields';
import { playSound } from '../../../lib/scan/sounds';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { announceAnswer, unitText } from '../../../lib/scan/use-outbox-scans';
import type { OutboxEntry, TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import { useDeleteAuditSerial, useRefreshAudits, useRequestAuditItem } from '../api/audits-api';
import { auditSerialError, auditUpcError, serialsPerUnit, talliedSerials, talliedUnits } from './audit-rules-client';
import { firstError } from './audit-errors';
import { auditUnitOf, useAuditScans } from './use-audit-scans';

/**
 * Counting one audit item (001 §4, §5, §8, §9): scan the UPC (it must be the product's: "UPC doesn't match"), then
 * its serials up to num_of_serials_per_item, each checked here first ('Serial already scanned', "Serial can't equal
 * model number", "UPC can't be serial", 'Too many serials scanned', the ':=:' rule); the unit is then sent as one
 * quick-add-scanned-item (serials joined with ':=:') through the scan outbox, while the next is scanned. A product
 * without serials is counted by its UPC alone. The server checks everything again; its refusals show in red.
 * Feedback clears after 6 s. The tally lists each counted unit with a delete; Finish Tally submits it ('Tally has
 * already been submitted' is a closable alert when someone else did).
 */
export function AuditScanDialog({
  initial,
  batchName,
  onClose,
  onFinished,
}: {
  initial: TAuditItem;
  batchName: string | null;
  onClose(): void;
  onFinished(message: string): void;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const refresh = useRefreshAudits();
  const request = useRequestAuditItem();
  const deleteSerial = useDeleteAuditSerial();
  const feedback = useScanFeedback();
  const { show } = feedback;

  const [item, setItem] = useState(initial);
  const product = item.product;
  const perUnit = serialsPerUnit(product);
  const [finishError, setFinishError] = useState<string | null>(null);
  const [alreadySubmitted, setAlreadySubmitted] = useState(false);
  const scans = useAuditScans(item.ims_transaction_reference_id, answered);
  const queue = scans.pending.map(auditUnitOf);
  const finished = !!item.tally_finished_at;
  const engine = useScanEngine({
    feedback,
    ready: !finished,
    serialsPerUnit: perUnit,
    checkUpc: (value) => auditUpcError(product, value),
    checkSerial: (value, unit) => {
      const seen = talliedSerials(item);
      for (const q of queue) for (const s of q.serials) seen.add(s.toUpperCase());
      return auditSerialError(product, value, seen, unit.serials);
    },
    submit: (counted) => {
      scans.enqueue(
        item,
        counted,
        batchName,
        `${product.model}${counted.serials.length ? ` (${counted.serials.join(', ')})` : ''}`,
      );
      if (scans.waiting || !navigator.onLine)
        feedback.show('waiting', `Queued ${unitText(counted)}: it is sent when the server answers`);
    },
  });
  const { unit, fail, later } = engine;

  function applyTally(tally: TAuditTally) {
    setItem((current) => ({ ...current, tallied_quantity: tally.tallied_quantity, serials: tally.serials }));
  }

  function answered(entry: OutboxEntry, outcome: TOutboxOutcome) {
    announceAnswer(feedback, entry, outcome, auditUnitOf(entry), 'Counted');
    if (outcome.ok) applyTally(outcome.result as TAuditTally);
    else void scans.dismiss(entry.id);
  }

  async function removeUnit(scanId: number) {
    try {
      applyTally(await deleteSerial.mutateAsync(scanId));
      show('good', 'Scan deleted', 4_000);
    } catch (error) {
      fail(firstError(error));
    }
    later(engine.focusScanField, 0);
  }

  async function finishTally() {
    setFinishError(null);
    setAlreadySubmitted(false);
    try {
      await request.mutateAsync({
        model: product.model,
        auditBucket: item.audit_bucket_map.bucket,
        auditBatchId: item.audit_batch_id,
        ...(batchName ? { auditBatchName: batchName } : {}),
        auditTypeCode: auditTypeOf(product),
        scanningRequired: true,
        transactionReferenceId: item.ims_transaction_reference_id,
      });
      playSound('good');
      onFinished(
        `Tally finished: ${product.model} in ${item.audit_bucket_map.bucket}, ${item.tallied_quantity} counted.`,
      );
    } catch (error) {
      const message = firstError(error);
      playSound('bad');
      if (message === AUDIT_MESSAGES.tallyAlreadySubmitted) setAlreadySubmitted(true);
      else setFinishError(message);
    }
  }

  function close() {
    void refresh();
    onClose();
  }

  const units = talliedUnits(item);

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" fullScreen={phone} data-testid="audit-scan-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>Count {item.ims_transaction_reference_id}</DialogTitle>
      <DialogContent sx={[{ display: 'grid', gap: 2, gridAutoRows: 'max-content', pt: '8px !important' }, floorArea]}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography variant="h6" component="h3" data-testid="audit-scan-model">
            {product.model}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{item.audit_bucket_map.bucket}</Typography>
          <Typography variant="body2" color="text.secondary">
            {perUnit ? `${perUnit} serial${perUnit > 1 ? 's' : ''} per item` : 'Counted by UPC (no serials)'}
          </Typography>
        </Box>
        <Typography data-testid="audit-tallied" sx={{ fontWeight: 600 }}>
          Tallied: {item.tallied_quantity}
          {queue.length > 0 && ` (${queue.length} ${scans.waiting ? 'queued' : 'sending'})`}
        </Typography>
        {alreadySubmitted && (
          <Alert severity="warning" onClose={() => setAlreadySubmitted(false)} data-testid="tally-already-submitted">
            {AUDIT_MESSAGES.tallyAlreadySubmitted}
          </Alert>
        )}
        {finishError && (
          <Alert severity="error" onClose={() => setFinishError(null)} data-testid="finish-tally-error">
            {finishError}
          </Alert>
        )}
        {/* The scan fields and the last result: first on a phone (floor-layout.ts). */}
        <Box sx={floorScanArea}>
          {finished ? (
            <Alert severity="info">The tally has finished: no more scans can be added or removed.</Alert>
          ) : (
            <ScanUnitFields
              engine={engine}
              testIds={{ upc: 'audit-scan-upc', serial: 'audit-scan-serial' }}
              showSerial={perUnit > 0}
            />
          )}
          <ScanFeedback feedback={feedback.feedback} />
          <ScansWaiting count={scans.waiting} testId="audit-scans-waiting" />
        </Box>
        {scans.entries.length > 0 && (
          <Box component="ul" data-testid="audit-queued-scans" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
            {scans.entries.map((e) => (
              <li key={e.id}>
                <Chip
                  component="span"
                  size="small"
                  color={e.state === 'refused' ? 'error' : scans.waiting ? 'warning' : 'default'}
                  label={e.state === 'refused' ? 'Refused' : scans.waiting ? 'Queued' : 'Sending'}
                  sx={{ mr: 1 }}
                />
                {unitText(auditUnitOf(e))}
              </li>
            ))}
          </Box>
        )}
        <Box>
          <Typography variant="subtitle2">Tally</Typography>
          {units.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              Nothing counted yet.
            </Typography>
          ) : (
            <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
              <Table size="small" data-testid="audit-tally">
                <TableHead>
                  <TableRow>
                    <TableCell>{perUnit ? 'Serials' : 'UPC'}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Scanned</TableCell>
                    <TableCell align="right" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {units.map((u) => (
                    <TableRow key={u.unitId} data-testid="audit-tally-row">
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {u.serials.length ? u.serials.join(', ') : (u.upc ?? '')}
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                        {formatTimestamp(u.scannedAt)}
                        {u.scannedBy ? ` · ${u.scannedBy}` : ''}
                      </TableCell>
                      <TableCell align="right" sx={{ width: 48 }}>
                        <IconButton
                          size="small"
                          aria-label={`Delete ${u.serials.join(', ') || 'scan'}`}
                          disabled={finished || deleteSerial.isPending}
                          onClick={() => void removeUnit(u.firstScanId)}
                          data-testid="delete-audit-scan"
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={[{ flexWrap: 'wrap', gap: 1 }, floorActions]}>
        {!finished && (
          <Button onClick={engine.reset} disabled={!unit && !engine.state.upcText} data-testid="reset-audit-unit">
            Reset Item
          </Button>
        )}
        <Button
          variant="contained"
          onClick={() => void finishTally()}
          disabled={request.isPending || queue.length > 0 || !!unit}
          data-testid="finish-tally"
        >
          Finish Tally
        </Button>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
