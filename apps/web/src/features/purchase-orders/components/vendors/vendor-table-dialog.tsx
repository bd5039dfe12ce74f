import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { exportVendorsRoute, type TVendor } from '@keystone/contracts';
import { EmptyState } from '../../../../lib/empty-state';
import { ListExportButton } from '../../../../lib/list-export';
import { queueSuccess } from '../../../../lib/message-queue';
import { useCan } from '../../../../lib/session-store';
import { RecordHistoryButton } from '../../../../lib/record-history-button';
import { SavedViewsControl, useViewParams } from '../../../../lib/saved-views';
import { useDeleteVendor, useVendors } from '../../api/vendors';
import { EditVendorDialog, VENDOR_SAVED_MESSAGES } from './vendor-form-dialog';
import { serverFailure, VENDOR_TYPE_LABELS } from './vendor-form';
import { PO_AREA_TABLE_PAGES, useClientPages } from '../../../../shell/table-pages';

/** The Yes/No confirmation before a vendor is deleted. */
function DeleteVendorConfirm({
  vendor,
  onClose,
  onDeleted,
}: {
  vendor: TVendor;
  onClose: () => void;
  onDeleted?: (id: number) => void;
}) {
  const titleId = useId();
  const remove = useDeleteVendor();
  const [failure, setFailure] = useState<string | null>(null);
  const yes = async () => {
    setFailure(null);
    try {
      await remove.mutateAsync(vendor.id);
      queueSuccess(VENDOR_SAVED_MESSAGES.deleted);
      onDeleted?.(vendor.id);
      onClose();
    } catch (error) {
      setFailure(serverFailure(error).message);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} data-testid="delete-vendor-confirm">
      <DialogTitle id={titleId}>Delete Vendor</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>Delete the vendor {vendor.company_name}? Its purchase orders keep it.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          No
        </Button>
        <Button color="error" variant="contained" onClick={() => void yes()} disabled={remove.isPending}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The vendor table dialog (000 §2 Vendors): every vendor with Edit and Delete per row (both need vendor:edit,
 * as the DELETE call does), a name filter, and the PO area's pages (001 §9: 5, 10, 15, 50 or all, 10 first).
 * `onCreate` (given to roles with vendor:create) is the empty table's next step.
 */
export function VendorTableDialog({
  onClose,
  onDeleted,
  onCreate,
}: {
  onClose: () => void;
  onDeleted?: (id: number) => void;
  onCreate?: () => void;
}) {
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const canEdit = useCan('vendor:edit');
  const vendors = useVendors();
  // The search lives in the URL (beside the PO list's own parameters) so a saved view of this table keeps it.
  const [params, setParams] = useViewParams();
  const search = params.get('vendorSearch') ?? '';
  const setSearch = (value: string) => setParams({ vendorSearch: value || null });
  const close = () => {
    setSearch('');
    onClose();
  };
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<TVendor | null>(null);

  const needle = search.trim().toLowerCase();
  const shown = (vendors.data ?? []).filter((v) => !needle || v.company_name.toLowerCase().includes(needle));
  const { rows, pagination, firstPage } = useClientPages(shown, PO_AREA_TABLE_PAGES);

  return (
    <>
      <Dialog open onClose={close} maxWidth="lg" fullWidth fullScreen={phone} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Vendors</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1, mb: 2 }}>
            <TextField
              label="Search Vendors"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                firstPage();
              }}
              size="small"
              autoComplete="off"
              sx={{ minWidth: 300 }}
            />
            <ListExportButton route={exportVendorsRoute} query={search.trim() ? { search: search.trim() } : {}} />
            <SavedViewsControl list="vendors" onApplied={firstPage} />
          </Box>
          {vendors.isFetching && <LinearProgress sx={{ mb: 1 }} />}
          <TableContainer>
            <Table size="small" aria-label="Vendors">
              <TableHead>
                <TableRow>
                  <TableCell>Company Name</TableCell>
                  <TableCell>Vendor Type</TableCell>
                  <TableCell>Rep</TableCell>
                  <TableCell>Rep Email</TableCell>
                  <TableCell>Rep Phone</TableCell>
                  <TableCell>Program Name</TableCell>
                  <TableCell>Default Terms</TableCell>
                  <TableCell align="right">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((v) => (
                  <TableRow key={v.id} data-testid="vendor-row">
                    <TableCell>{v.company_name}</TableCell>
                    <TableCell>{VENDOR_TYPE_LABELS[v.vendor_type]}</TableCell>
                    <TableCell>{v.rep}</TableCell>
                    <TableCell>{v.rep_email}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.rep_phone}</TableCell>
                    <TableCell>{v.program_name}</TableCell>
                    <TableCell>{v.default_terms.map((t) => t.type).join(', ')}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <RecordHistoryButton entity="vendor" id={v.id} label={`Vendor ${v.company_name}`} />
                      {canEdit && (
                        <Box sx={{ display: 'inline-flex', gap: 1 }}>
                          <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(v.id)}>
                            Edit
                          </Button>
                          <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(v)}>
                            Delete
                          </Button>
                        </Box>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                {vendors.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      {needle ? (
                        <EmptyState
                          kind="no-match"
                          message={`No vendors match "${search.trim()}".`}
                          action={{ label: 'Clear search', onClick: () => setSearch('') }}
                          testId="vendors-no-results"
                        />
                      ) : (
                        <EmptyState
                          kind="none"
                          message="No vendors yet."
                          action={onCreate ? { label: 'Add New Vendor', onClick: onCreate } : null}
                          testId="vendors-none-yet"
                        />
                      )}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination component="div" {...pagination} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </Dialog>
      {editing !== null && <EditVendorDialog vendorId={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteVendorConfirm vendor={deleting} onClose={() => setDeleting(null)} onDeleted={onDeleted} />}
    </>
  );
}
