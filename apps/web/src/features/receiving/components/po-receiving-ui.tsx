import type { TPoLine } from '@keystone/contracts';
import { ReceivingDialog } from './receiving-dialog';
import { UnreceivingDialog } from './unreceiving-dialog';
import { ViewSerialsDialog } from './view-serials-dialog';

export { PoScanReceiver } from './po-scan-receiver';

/** A PO line's receiving dialog, by the button that opened it (001 §2). */
export function PoLineDialog({
  dialog,
  line,
  onClose,
}: {
  dialog: 'Receiving' | 'Un-Receiving' | 'Received Serials';
  line: TPoLine;
  onClose(): void;
}) {
  if (dialog === 'Receiving') return <ReceivingDialog line={line} onClose={onClose} />;
  if (dialog === 'Un-Receiving') return <UnreceivingDialog line={line} onClose={onClose} />;
  return <ViewSerialsDialog line={line} onClose={onClose} />;
}
