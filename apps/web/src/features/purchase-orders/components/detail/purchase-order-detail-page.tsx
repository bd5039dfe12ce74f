import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, AlertTitle, Box, Button, Link, Stack, Typography } from '@mui/material';
import { isLocked, locksShippingFields, type TPurchaseOrder } from '@keystone/contracts';
import { ApiCallError } from '../../../../lib/api-client';
import { queueSuccess } from '../../../../lib/message-queue';
import { useCan, useSession } from '../../../../lib/session-store';
import { ErrorBoundary } from '../../../../shell/error-fallback';
import { fetchPoPdf, usePoMutations, usePurchaseOrder, useResolvedPoId } from '../../api/purchase-order-detail';
import { AddProductPanel } from './add-product-panel';
import { ApplyToAllLines } from './apply-to-all-lines';
import { PoEmailDialog } from './po-email-dialog';
import { PoHeaderForm } from './po-header-form';
import { PoInvoices } from './po-invoices';
import { PoLineCard } from './po-line-card';
import { PoScanReceiver } from '../receiving/po-scan-receiver';
import { PoNotes } from './po-notes';
import { PoTotalsBox } from './po-totals-box';

function NotFound({ id }: { id: string }) {
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5">PO {id} does not exist.</Typography>
      <Link component={RouterLink} to="/purchase-orders/">
        Go to all POs
      </Link>
    </Box>
  );
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
  const token = useSession((s) => s.accessToken);
  const canEdit = useCan('purchase-order:edit');
  const canSend = useCan('purchase-order:send-to-vendor');
  const { data, isLoading } = usePurchaseOrder(poId);
  const m = usePoMutations(poId);
  const [emailOpen, setEmailOpen] = useState(false);
  const [ediErrors, setEdiErrors] = useState<string[] | null>(null);

  if (isLoading) return <Typography sx={{ p: 3 }}>Loading...</Typography>;
  // A failed refetch (the network gone for a moment) keeps the PO on screen: open dialogs and their scans stay.
  if (!data) return <NotFound id={String(poId)} />;
  const po: TPurchaseOrder = data.PO;
  const status = po.purchase_order_status.status_name;
  const complete = isLocked(status);
  const shownEdiErrors = ediErrors ?? po.edi_errors;

  async function pdf(print: boolean) {
    const blob = await fetchPoPdf(poId, token);
    const url = URL.createObjectURL(blob);
    if (print) {
      const frame = document.createElement('iframe');
      frame.style.display = 'none';
      frame.src = url;
      frame.onload = () => frame.contentWindow?.print();
      document.body.appendChild(frame);
    } else {
      const a = document.createElement('a');
      a.href = url;
      a.download = 'purchase-order.pdf';
      a.click();
    }
  }

  async function sendEdi() {
    setEdiErrors(null);
    try {
      await m.sendEdi.mutateAsync(undefined);
      queueSuccess(`PO ${po.purchase_ref_id} sent to ${po.vendor_name} by EDI.`);
    } catch (error) {
      setEdiErrors(errorsOf(error));
    }
  }

  return (
    <Stack spacing={2} sx={{ p: { xs: 1.5, md: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          Purchase Order
        </Typography>
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
          <Button variant="contained" color="secondary" onClick={() => void m.finish.mutateAsync(undefined).then(() => navigate('/purchase-orders'))}>
            Finish
          </Button>
        )}
      </Box>
      {shownEdiErrors.length > 0 && (
        <Alert severity="error" data-testid="edi-errors">
          <AlertTitle>EDI errors</AlertTitle>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {shownEdiErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      )}
      {po.sent_via_edi && <Alert severity="success">Sent to the vendor via EDI.</Alert>}
      <PoHeaderForm po={po} canEdit={canEdit} saving={m.update.isPending} onSave={(body) => m.update.mutateAsync(body)} />
      {canEdit && !complete && <AddProductPanel disabled={false} onAdd={(input) => m.addLine.mutateAsync(input)} />}
      {canEdit && !complete && data.PO_LINES.length > 0 && <ApplyToAllLines disabled={false} onApply={(body) => m.applyToAll.mutateAsync(body)} />}
      <Stack spacing={1}>
        {data.PO_LINES.length === 0 && <Typography color="text.secondary">No lines yet.</Typography>}
        {data.PO_LINES.map((line) => (
          <PoLineCard
            key={`${line.id}-${line.qty_ordered}-${line.invoice_cost}-${line.expected_arrival_date}-${line.carrier_name}-${line.tracking_number}`}
            line={line}
            editingDisabled={complete}
            receivingDisabled={complete}
            onUpdate={(body) => m.updateLine.mutateAsync({ lineId: line.id, body })}
            onDelete={() => m.deleteLine.mutateAsync(line.id)}
          />
        ))}
      </Stack>
      <PoScanReceiver poId={po.id} lines={data.PO_LINES} receivingDisabled={complete} />
      <PoTotalsBox po={po} lines={data.PO_LINES} />
      <PoInvoices po={po} />
      <PoNotes notes={po.notes} disabled={!canEdit || complete} onSave={(notes) => m.update.mutateAsync({ notes })} />
      <PoEmailDialog
        key={String(emailOpen)}
        open={emailOpen}
        defaultEmail={po.vendor.rep_email ?? ''}
        defaultName={po.vendor.rep ?? ''}
        onClose={() => setEmailOpen(false)}
        onSend={(body) => m.email.mutateAsync(body).then(() => queueSuccess(`PO ${po.purchase_ref_id} e-mailed to ${body.email}.`))}
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
  if (!resolved.data) return <NotFound id={id} />;
  return (
    <ErrorBoundary fallback={<NotFound id={id} />}>
      <PurchaseOrderDetail poId={resolved.data} />
    </ErrorBoundary>
  );
}
