import { Alert, Box, Chip, Typography } from '@mui/material';
import {
  missingSaleSerials,
  RECEIVING_MESSAGES,
  serialError,
  serialsPerItem,
  upcMatches,
  type TCommittedSale,
  type TSaleSerialAdded,
} from '@keystone/contracts';
import { ScanFeedback, useScanFeedback } from '../../../lib/scan/scan-feedback';
import type { OutboxEntry, TOutboxOutcome } from '../../../lib/scan/scan-outbox';
import { ScanUnitFields } from '../../../lib/scan/scan-unit-fields';
import { ScansWaiting } from '../../../lib/scan/scans-waiting';
import { useScanEngine } from '../../../lib/scan/use-scan-engine';
import { announceAnswer, unitText } from '../../../lib/scan/use-outbox-scans';
import { scanProductOf, unitOf, useSaleSerialScans } from './use-sale-serial-scans';

/**
 * The serial scan of a sale that lacks committed serials (docs/decisions.md "Committed serials by scan"), on the one scan engine: each item's UPC, then
 * its serial(s); each item goes through the scan outbox with a fresh client scan id (addScannedItem), sent while
 * the next is scanned and replayed after a network cut (the server commits it once). The server checks the serial is
 * live in the sale's bucket as its product and committed nowhere else; `onSale` gets the sale as each answer leaves
 * it.
 */
export function SaleSerialScan({ sale, onSale }: { sale: TCommittedSale; onSale(sale: TCommittedSale): void }) {
  const feedback = useScanFeedback();
  const ref = sale.ims_transaction_reference_id;
  const product = scanProductOf(sale);
  const perUnit = serialsPerItem(product);
  const scans = useSaleSerialScans(ref, answered);
  const queue = scans.pending.map(unitOf);
  const queued = queue.reduce((n, u) => n + u.serials.length, 0);
  const missing = missingSaleSerials(sale);
  const engine = useScanEngine({
    feedback,
    ready: missing - queued > 0,
    serialsPerUnit: perUnit,
    checkUpc: (value) => (upcMatches(product, value) ? null : RECEIVING_MESSAGES.upcMismatch),
    checkSerial: (value, unit) => {
      const seen = new Set(sale.serials.map((s) => s.serial_number.toUpperCase()));
      for (const u of [...queue, unit]) for (const s of u.serials) seen.add(s.toUpperCase());
      return serialError(value, product, seen);
    },
    submit: (unit) => {
      scans.enqueue(unit, `${sale.product.model} (${unit.serials.join(', ')}) for ${ref}`);
      if (scans.waiting || !navigator.onLine)
        feedback.show('waiting', `Queued ${unitText(unit)}: it is sent when the server answers`);
    },
  });

  /** The server's answer to one of this sale's scans, at once or on a replay. */
  function answered(entry: OutboxEntry, outcome: TOutboxOutcome) {
    announceAnswer(feedback, entry, outcome, unitOf(entry), 'Committed');
    if (outcome.ok) onSale((outcome.result as TSaleSerialAdded).committed_sale);
    else void scans.dismiss(entry.id);
  }

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="sale-serial-scan">
      {missing > 0 ? (
        <Alert severity="warning" data-testid="sale-serials-needed">
          This sale needs {missing} more committed serial{missing === 1 ? '' : 's'} before it can be transacted: scan
          each item&apos;s UPC, then its serial.
        </Alert>
      ) : (
        <Alert severity="success" data-testid="sale-serials-complete">
          Every serial is committed: the sale can be transacted.
        </Alert>
      )}
      {missing > 0 && (
        <ScanUnitFields
          engine={engine}
          testIds={{ upc: 'sale-scan-upc', serial: 'sale-scan-serial' }}
          showSerial={perUnit > 0}
        />
      )}
      <ScanFeedback feedback={feedback.feedback} testId="sale-scan-feedback" />
      <ScansWaiting count={scans.waiting} testId="sale-scans-waiting" />
      {sale.serials.length > 0 && (
        <Typography variant="body2" data-testid="sale-committed-serials" sx={{ overflowWrap: 'anywhere' }}>
          Committed serials: {sale.serials.map((x) => x.serial_number).join(', ')}
        </Typography>
      )}
      {queue.length > 0 && (
        <Typography variant="body2" data-testid="sale-scans-sending" sx={{ overflowWrap: 'anywhere' }}>
          <Chip component="span" size="small" label={scans.waiting ? 'Queued' : 'Sending'} sx={{ mr: 1 }} />
          {queue.map(unitText).join('; ')}
        </Typography>
      )}
    </Box>
  );
}
