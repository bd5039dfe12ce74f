import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  AlertTitle,
  Box,
  Button,
  Link,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { isLocked, locksShippingFields, type TPurchaseOrder } from '@keystone/contracts';
import { ApiCallError, openBlob, saveBlob } from '../../../../lib/api-client';
import { queueSaved, queueSuccess } from '../../../../lib/message-queue';
import { useCan } from '../../../../lib/session-store';
import { useConfirm } from '../../../../shell/confirm-dialog';
import { ErrorBoundary } from '../../../../shell/error-fallback';
import { UnsavedChangesGuard } from '../../../../shell/unsaved-changes-guard';
import { fetchPoPdf, usePoMutations, useResolvedPoId } from '../../api/purchase-order-detail';
import { usePurchaseOrder } from '../../../../lib/purchase-order-query';
import { AddProductPanel } from './add-product-panel';
import { ApplyToAllLines } from './apply-to-all-lines';
import { PoEmailDialog } from './po-email-dialog';
import { PoHeaderForm } from './po-header-form';
import { PoInvoices } from './po-invoices';
import { PoLineCard } from './po-line-card';
import { usePoReceiving } from '../../po-receiving';
import { PoNotes } from './po-notes';
import { PoTotalsBox } from './po-totals-box';
import { RecordHistorySlot } from '../../../../lib/record-history';
import { poReviewPath } from '../../../../lib/po-links';
import { RecordSequenceNav } from '../../../../lib/record-sequence';

/** 'PO {id} does not exist.' with 'Go to all POs' (001 §2); Try Again loads it again (a failed call may pass). */
function NotFound({ id, onRetry }: { id: string; onRetry?: () => void }) {
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5">PO {id} does not exist.</Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
        <Link component={RouterLink} to="/purchase-orders/">
          Go to all POs
        </Link>
        {onRetry && (
          <Button size="small" variant="outlined" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** One stable dirty callback per line (a new function each render would re-run the card's effect). */
const lineHandlers = new WeakMap<(part: string, dirty: boolean) => void, Map<number, (dirty: boolean) => void>>();
function lineDirtyHandlers(lineId: number, markDirty: (part: string, dirty: boolean) => void) {
  let byLine = lineHandlers.get(markDirty);
  if (!byLine) lineHandlers.set(markDirty, (byLine = new Map()));
  let handler = byLine.get(lineId);
  if (!handler) byLine.set(lineId, (handler = (dirty: boolean) => markDirty(`line-${lineId}`, dirty)));
  return handler;
}

function errorsOf(error: unknown): string[] {
  if (error instanceof ApiCallError) {
    const body = error.body as { message?: string; errors?: Record<string, string[]> } | null;
    return body?.errors?.edi ?? (body?.message ? [body.message] : [`${error.status}`]);
  }
  return [String(error)];
}

function PurchaseOrderDetail({ poId }: { poId: number }) {
  const navigate = useNavigate();
  const canEdit = useCan('purchase-order:edit');
  const canSend = useCan('purchase-order:send-to-vendor');
  const { data, isLoading, refetch } = usePurchaseOrder(poId);
  const receiving = usePoReceiving();
  const m = usePoMutations(poId);
  const [emailOpen, setEmailOpen] = useState(false);
  const [ediErrors, setEdiErrors] = useState<string[] | null>(null);
  const { dialog: confirmDialog, confirm } = useConfirm();
  // Which parts of the page hold unsaved edits (header, notes, each line): leaving then asks first.
  const [dirtyParts, setDirtyParts] = useState<ReadonlySet<string>>(new Set());
  const markDirty = useCallback((part: string, dirty: boolean) => {
    setDirtyParts((prev) => {
      if (prev.has(part) === dirty) return prev;
      const next = new Set(prev);
      if (dirty) next.add(part);
      else next.delete(part);
      return next;
    });
  }, []);
  const headerDirty = useCallback((dirty: boolean) => markDirty('header', dirty), [markDirty]);
  const notesDirty = useCallback((dirty: boolean) => markDirty('notes', dirty), [markDirty]);
  const theme = useTheme();
  // On a phone the lines come first: the header folds into an accordion below the actions (docs/decisions.md).
  const small = useMediaQuery(theme.breakpoints.down('md'));

  if (isLoading) return <Typography sx={{ p: 3 }}>Loading...</Typography>;
  // A failed refetch (the network gone for a moment) keeps the PO on screen: open dialogs and their scans stay.
  if (!data) return <NotFound id={String(poId)} onRetry={() => void refetch()} />;
  const po: TPurchaseOrder = data.PO;
  const status = po.purchase_order_status.status_name;
  const complete = isLocked(status);
  const shownEdiErrors = ediErrors ?? po.edi_errors;
  const shippingLocked = locksShippingFields(status);
  const lineDirty = (lineId: number) => lineDirtyHandlers(lineId, markDirty);
  const header = (
    <PoHeaderForm
      po={po}
      canEdit={canEdit}
      saving={m.update.isPending}
      onDirtyChange={headerDirty}
      onSave={(body) => m.update.mutateAsync(body).then(() => queueSaved('PO', po.purchase_ref_id))}
    />
  );

  async function pdf(print: boolean) {
    const file = await fetchPoPdf(poId);
    if (!print) return saveBlob(file.blob, file.fileName ?? 'purchase-order.pdf');
    openBlob(file.blob, (url) => {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = url;
      frame.onload = () => frame.contentWindow?.print();
      document.body.appendChild(frame);
    });
  }

  async function finish() {
    const yes = await confirm({
      title: `Finish ${po.purchase_ref_id}?`,
      message: 'Finishing sets the PO to Complete, which locks editing and receiving, and returns to the PO list.',
      confirmLabel: 'Finish',
    });
    if (!yes) return;
    await m.finish.mutateAsync(undefined);
    markDirty('header', false);
    navigate('/purchase-orders');
  }

  async function sendEdi() {
    const yes = await confirm({
      title: `Send ${po.purchase_ref_id} to ${po.vendor_name}?`,
      message:
        'The PO goes to the vendor by EDI and its status becomes Order Sent, which locks the carrier, tracking and vendor order fields.',
      confirmLabel: 'Send',
    });
    if (!yes) return;
    setEdiErrors(null);
    try {
      await m.sendEdi.mutateAsync(undefined);
      queueSuccess(`PO ${po.purchase_ref_id} sent to ${po.vendor_name} by EDI.`);
    } catch (error) {
      setEdiErrors(errorsOf(error));
    }
  }

  return (
    <Stack spacing={small ? 0 : 2} sx={{ p: { xs: 1, md: 3 }, gap: small ? 1.5 : 0 }}>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flexWrap: 'wrap',
          alignItems: 'center',
          order: small ? 1 : 0,
          ...(small ? { '& .MuiButton-root': { px: 1, py: 0.25, minWidth: 0 } } : {}),
        }}
      >
        <Typography variant={small ? 'h6' : 'h4'} component="h1" sx={{ flex: 1 }}>
          Purchase Order
        </Typography>
        <RecordSequenceNav list="purchase-orders" id={po.id} path={poReviewPath} noun="PO" />
        {canEdit && locksShippingFields(status) && (
          <Button variant="outlined" onClick={() => void m.confirm.mutateAsync(undefined)}>
            Confirm PO From Vendor
          </Button>
        )}
        {canSend && !po.sent_via_edi && !complete && (
          <Button variant="outlined" onClick={() => void sendEdi()} disabled={m.sendEdi.isPending}>
            Send PO to Vendor
          </Button>
        )}
        {canEdit && (
          <Button variant="outlined" onClick={() => setEmailOpen(true)}>
            Email PO
          </Button>
        )}
        <Button variant="outlined" onClick={() => void pdf(true)}>
          Print
        </Button>
        <Button variant="outlined" onClick={() => void pdf(false)}>
          Save as PDF
        </Button>
        {canEdit && !complete && (
          <Button variant="contained" color="secondary" onClick={() => void finish()}>
            Finish
          </Button>
        )}
      </Box>
      {shownEdiErrors.length > 0 && (
        <Alert severity="error" data-testid="edi-errors" sx={{ order: small ? 1 : 0 }}>
          <AlertTitle>EDI errors</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {shownEdiErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
      {po.sent_via_edi && (
        <Alert severity="success" sx={{ order: small ? 1 : 0 }}>
          Sent to the vendor via EDI.
        </Alert>
      )}
      {small ? (
        <Accordion
          disableGutters
          variant="outlined"
          data-testid="po-header-accordion"
          sx={{ order: 2 }}
          slots={{ heading: 'h2' }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="po-header-details">
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                {po.purchase_ref_id} · {status}
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {po.vendor_name} · {po.ims_location_code}
              </Typography>
            </Box>
          </AccordionSummary>
          <AccordionDetails id="po-header-details" sx={{ p: 0 }}>
            {header}
          </AccordionDetails>
        </Accordion>
      ) : (
        header
      )}
      {canEdit && !complete && (
        <Box sx={{ order: small ? 4 : 0 }}>
          <AddProductPanel disabled={false} onAdd={(input) => m.addLine.mutateAsync(input)} />
        </Box>
      )}
      {canEdit && !complete && data.PO_LINES.length > 0 && (
        <Box sx={{ order: small ? 5 : 0 }}>
          <ApplyToAllLines
            disabled={false}
            shippingLocked={shippingLocked}
            onApply={(body) => m.applyToAll.mutateAsync(body).then(() => queueSaved(`PO ${po.purchase_ref_id} lines`))}
          />
        </Box>
      )}
      <Stack spacing={1} sx={{ order: small ? 3 : 0 }} data-testid="po-lines">
        {data.PO_LINES.length === 0 && <Typography color="text.secondary">No lines yet.</Typography>}
        {data.PO_LINES.map((line) => (
          <PoLineCard
            key={`${line.id}-${line.qty_ordered}-${line.invoice_cost}-${line.expected_arrival_date}-${line.carrier_name}-${line.tracking_number}`}
            line={line}
            editingDisabled={complete}
            receivingDisabled={complete}
            shippingLocked={shippingLocked}
            onDirtyChange={lineDirty(line.id)}
            onUpdate={(body) =>
              m.updateLine
                .mutateAsync({ lineId: line.id, body })
                .then(() => queueSaved(`PO ${po.purchase_ref_id} line`, line.product.model_number))
            }
            onDelete={() => m.deleteLine.mutateAsync(line.id)}
          />
        ))}
      </Stack>
      <receiving.ScanReceiver poId={po.id} lines={data.PO_LINES} receivingDisabled={complete} />
      <Box sx={{ order: small ? 6 : 0 }}>
        <PoTotalsBox po={po} lines={data.PO_LINES} />
      </Box>
      <Box sx={{ order: small ? 7 : 0 }}>
        <PoInvoices po={po} />
      </Box>
      <Box sx={{ order: small ? 8 : 0 }}>
        <PoNotes
          notes={po.notes}
          disabled={!canEdit || complete}
          onDirtyChange={notesDirty}
          onSave={(notes) => m.update.mutateAsync({ notes }).then(() => queueSaved(`PO ${po.purchase_ref_id} notes`))}
        />
      </Box>
      <Box sx={{ order: small ? 9 : 0 }}>
        <RecordHistorySlot entity="purchase-order" id={po.id} />
      </Box>
      {confirmDialog}
      <UnsavedChangesGuard when={dirtyParts.size > 0} />
      <PoEmailDialog
        key={String(emailOpen)}
        open={emailOpen}
        defaultEmail={po.vendor.rep_email ?? ''}
        defaultName={po.vendor.rep ?? ''}
        onClose={() => setEmailOpen(false)}
        onSend={(body) =>
          m.email.mutateAsync(body).then(() => queueSuccess(`PO ${po.purchase_ref_id} e-mailed to ${body.email}.`))
        }
      />
    </Stack>
  );
}

/** /purchase-orders/review/{id}: a PO by id, or by legacy PO number with ?legacy (001 §2). */
export function PurchaseOrderDetailPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const legacy = search.has('legacy');
  const resolved = useResolvedPoId(id, legacy);
  if (resolved.isLoading) return <Typography sx={{ p: 3 }}>Loading...</Typography>;
  if (!resolved.data)
    return <NotFound id={id} onRetry={resolved.isError ? () => void resolved.refetch() : undefined} />;
  return (
    <ErrorBoundary fallback={<NotFound id={id} onRetry={() => window.location.reload()} />}>
      <PurchaseOrderDetail poId={resolved.data} />
    </ErrorBoundary>
  );
}
