import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Link, Typography } from '@mui/material';
import { ApiCallError } from '../../../lib/api-client';
import { auditItemQuery } from '../api/inventory-api';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * /inventory-transactions/AA-…: an audit item's reference is not a transaction (docs/decisions.md, "An audit
 * item's transactions"). The view says so and links what the user looks for: the INVENTORY_AUDIT_ADJUSTMENT
 * transactions the item posted (IA-…) and its audit's discrepancy report.
 */
export function AuditItemReferenceView({ auditRef }: { auditRef: string }) {
  const item = useQuery(auditItemQuery(auditRef));
  if (item.isPending) return <Typography>Loading...</Typography>;
  if (item.error)
    return (
      <Alert severity="warning">
        {item.error instanceof ApiCallError && item.error.status === 404
          ? `Audit item ${auditRef} does not exist.`
          : 'There was an error.'}
      </Alert>
    );
  const review = item.data;
  const posted = review.adjustment_transactions;
  return (
    <Alert severity="info" data-testid="audit-item-reference">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {`${auditRef} is an audit item (${review.product.model} in ${review.audit_bucket}), not a transaction.`}
      </Typography>
      {posted.length > 0 ? (
        <>
          <Typography variant="body2">
            {posted.length === 1 ? 'The adjustment it posted:' : 'The adjustments it posted:'}
          </Typography>
          {posted.map((tx) => (
            <Box key={tx.ims_transaction_reference_id}>
              <Link
                component={RouterLink}
                to={`/inventory-transactions/${encodeURIComponent(tx.ims_transaction_reference_id)}`}
                data-testid="audit-item-transaction"
              >
                {tx.ims_transaction_reference_id}
              </Link>
              {` ${tx.bucket} ${signed(tx.quantity_delta)}`}
            </Box>
          ))}
        </>
      ) : (
        <Typography variant="body2">
          {review.is_submitted || review.is_resolved
            ? 'It posted no adjustment: the count matched.'
            : 'It has not been submitted: no adjustment is posted yet.'}
        </Typography>
      )}
      <Link
        component={RouterLink}
        to={`/inventory/audit-discrepancy-report/${review.audit_batch_id}`}
        sx={{ display: 'inline-block', mt: 1 }}
        data-testid="audit-item-report"
      >
        Audit discrepancy report
      </Link>
    </Alert>
  );
}
