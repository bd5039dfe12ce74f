import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { classifyScan, upcMatches, type TPoLine } from '@keystone/contracts';
import { useCan } from '../../../lib/session-store';
import { scanOutbox } from '../../../lib/scan/outbox';
import { usePageScans } from '../../../lib/scan/use-page-scans';
import { useScanScope } from '../../../lib/scan/use-scan-scope';
import { poKey } from '../../../lib/purchase-order-query';
import { scanProductOf } from '../api/receiving';
import { ReceivingDialog } from './receiving-dialog';
import { receivingContext } from './use-receiving-list';

/** The lines of a PO that can still receive a unit with this UPC. */
export function linesForUpc(lines: TPoLine[], upc: string): TPoLine[] {
  return lines.filter((line) => line.qty_received < line.qty_ordered && upcMatches(scanProductOf(line), upc));
}

function LineChooser({ lines, onPick, onClose }: { lines: TPoLine[]; onPick(line: TPoLine): void; onClose(): void }) {
  useScanScope({ expected: null, fields: [] }); // scans wait while the user chooses
  return (
    <Dialog open onClose={onClose} data-testid="receive-line-chooser">
      <DialogTitle>Receive into which line?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          The UPC matches {lines.length} lines of this PO that can receive.
        </Typography>
        <List>
          {lines.map((line) => (
            <ListItemButton key={line.id} onClick={() => onPick(line)} data-testid="receive-line-choice">
              <ListItemText
                primary={`${line.product.model_number} · line ${line.id}`}
                secondary={`Ordered ${line.qty_ordered}, received ${line.qty_received}`}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Scans on the PO page: a UPC of a line that can still receive opens that line's Receiving dialog with the UPC as
 * its first scan (several such lines: the user chooses); any other scan goes the global way (000 §2). Scans of this
 * PO's lines that the outbox records later (replays after a network cut) refresh the page.
 */
export function PoScanReceiver({
  poId,
  lines,
  receivingDisabled,
}: {
  poId: number;
  lines: TPoLine[];
  receivingDisabled: boolean;
}) {
  const canReceive = useCan('purchase-order:receive');
  const client = useQueryClient();
  const [open, setOpen] = useState<{ line: TPoLine; upc: string } | null>(null);
  const [choice, setChoice] = useState<{ lines: TPoLine[]; upc: string } | null>(null);

  usePageScans((scan) => {
    if (open || choice || classifyScan(scan).kind !== 'upc') return false;
    const candidates = linesForUpc(lines, scan.trim());
    if (candidates.length === 1) setOpen({ line: candidates[0]!, upc: scan.trim() });
    else if (candidates.length > 1) setChoice({ lines: candidates, upc: scan.trim() });
    return candidates.length > 0;
  }, canReceive && !receivingDisabled);

  useEffect(() => {
    const contexts = new Set(lines.map((l) => receivingContext(l.id)));
    return scanOutbox.subscribe((entry) => {
      if (!contexts.has(entry.context)) return;
      void client.invalidateQueries({ queryKey: poKey(poId) });
      void client.invalidateQueries({ queryKey: ['purchase-orders'] });
    });
  }, [client, lines, poId]);

  return (
    <>
      {choice && (
        <LineChooser
          lines={choice.lines}
          onClose={() => setChoice(null)}
          onPick={(line) => {
            setChoice(null);
            setOpen({ line, upc: choice.upc });
          }}
        />
      )}
      {open && <ReceivingDialog line={open.line} initialUpc={open.upc} onClose={() => setOpen(null)} />}
    </>
  );
}
