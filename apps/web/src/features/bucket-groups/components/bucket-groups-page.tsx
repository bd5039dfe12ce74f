import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import {
  BUCKET_GROUP_MESSAGES,
  BUCKET_GROUP_SAVED_HIGHLIGHT_MS,
  bucketGroupValues,
  hasPermission,
  type TBucketGroup,
} from '@keystone/contracts';
import { useEffectiveRole } from '../../../lib/session-store';
import { Page } from '../../../shell/page';
import { useConfirm } from '../../../shell/confirm-dialog';
import {
  BUCKET_GROUPS_QUERY_KEY,
  createBucketGroup,
  createBucketGroupMapping,
  deleteBucketGroup,
  updateBucketGroup,
  useBucketGroups,
  useBucketNames,
} from '../api/bucket-groups-api';
import { formErrors } from '../api/form-errors';

interface Draft {
  shouldCount: boolean;
  buffer: string;
  walmart: string;
  amazon: string;
  acenda: string;
}

const draftOf = (g: TBucketGroup): Draft => ({
  shouldCount: g.should_count_unsourced_committed_in_group,
  buffer: String(g.group_inventory_buffer),
  walmart: g.walmart_fulfillment_center_id ?? '',
  amazon: g.amazon_supply_source_id ?? '',
  acenda: g.acenda_warehouse_id ?? '',
});
const sameDraft = (a: Draft, b: Draft) =>
  a.shouldCount === b.shouldCount &&
  a.buffer.trim() === b.buffer.trim() &&
  a.walmart.trim() === b.walmart.trim() &&
  a.amazon.trim() === b.amazon.trim() &&
  a.acenda.trim() === b.acenda.trim();

/** One editable row: highlighted (amber) while it differs from the saved values, green for 5 s after a save (002 §2, §4). */
function BucketGroupRow({
  group,
  canDelete,
  confirm,
  onSaved,
}: {
  group: TBucketGroup;
  canDelete: boolean;
  confirm: ReturnType<typeof useConfirm>['confirm'];
  onSaved(): void;
}) {
  const saved = draftOf(group);
  const [draft, setDraft] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const savedKey = JSON.stringify(saved);
  useEffect(() => setDraft(JSON.parse(savedKey) as Draft), [savedKey]);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), BUCKET_GROUP_SAVED_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const dirty = !sameDraft(draft, saved);
  const body = {
    shouldCountUnsourcedCommittedStatus: draft.shouldCount,
    groupInventoryBufferQty: draft.buffer,
    walmartFulfillmentCenterId: draft.walmart,
    amazonSupplySourceId: draft.amazon,
    acendaWarehouseId: draft.acenda,
  };
  const local = bucketGroupValues(body, 'update').errors;
  const shown = { ...errors, ...Object.fromEntries(Object.entries(local).map(([k, v]) => [k, v[0]!])) };
  const edit = (key: keyof Draft, errorKey: string) => (value: string | boolean) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
  };

  async function submit() {
    if (
      !(await confirm({
        title: `Update ${group.bucket_group}`,
        message: BUCKET_GROUP_MESSAGES.confirmSubmit,
        confirmLabel: 'Submit',
      }))
    )
      return;
    setBusy(true);
    setGeneral(null);
    try {
      await updateBucketGroup(group.id, body);
      setErrors({});
      setSavedAt(Date.now());
      onSaved();
    } catch (error) {
      const { fields, general: text } = formErrors(error);
      setErrors(fields);
      setGeneral(text);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    const ok = await confirm({
      title: `Delete ${group.bucket_group}`,
      message: (
        <>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {BUCKET_GROUP_MESSAGES.deleteWarning}
          </Alert>
          {BUCKET_GROUP_MESSAGES.confirmDelete}
        </>
      ),
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    try {
      await deleteBucketGroup(group.id);
      onSaved();
    } catch (error) {
      setGeneral(formErrors(error).general);
    }
  }

  const bg = savedAt !== null ? 'success.light' : dirty ? 'warning.light' : undefined;
  const cellField = (key: 'walmart' | 'amazon' | 'acenda', errorKey: string, label: string) => (
    <TableCell>
      <TextField
        size="small"
        value={draft[key]}
        onChange={(e) => edit(key, errorKey)(e.target.value)}
        error={!!shown[errorKey]}
        helperText={shown[errorKey]}
        slotProps={{ htmlInput: { 'aria-label': `${label} of ${group.bucket_group}` } }}
        sx={{ minWidth: 130 }}
      />
    </TableCell>
  );
  return (
    <TableRow
      data-testid={`bucket-group-row-${group.bucket_group}`}
      data-state={savedAt !== null ? 'saved' : dirty ? 'edited' : 'clean'}
      sx={{ bgcolor: bg, transition: 'background-color 0.3s' }}
    >
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{group.bucket_group}</Typography>
        <Typography variant="caption" color="text.secondary">
          {group.buckets.join(', ') || 'No buckets'}
        </Typography>
        {general && <Alert severity="error">{general}</Alert>}
      </TableCell>
      <TableCell>
        <Checkbox
          checked={draft.shouldCount}
          onChange={(e) => edit('shouldCount', 'shouldCountUnsourcedCommittedStatus')(e.target.checked)}
          slotProps={{ input: { 'aria-label': `Should count unsourced committed of ${group.bucket_group}` } }}
        />
      </TableCell>
      <TableCell>
        <TextField
          size="small"
          type="number"
          value={draft.buffer}
          onChange={(e) => edit('buffer', 'groupInventoryBufferQty')(e.target.value)}
          error={!!shown.groupInventoryBufferQty}
          helperText={shown.groupInventoryBufferQty}
          slotProps={{ htmlInput: { min: 0, step: 1, 'aria-label': `Group buffer of ${group.bucket_group}` } }}
          sx={{ width: 110 }}
        />
      </TableCell>
      {cellField('walmart', 'walmartFulfillmentCenterId', 'Walmart fulfillment center id')}
      {cellField('amazon', 'amazonSupplySourceId', 'Amazon supply source id')}
      {cellField('acenda', 'acendaWarehouseId', 'Acenda warehouse id')}
      <TableCell>
        <Button
          variant="contained"
          size="small"
          disabled={!dirty || busy || Object.keys(local).length > 0}
          onClick={() => void submit()}
        >
          Submit Updates
        </Button>
      </TableCell>
      <TableCell>
        {canDelete && (
          <Button color="error" size="small" onClick={() => void remove()}>
            Delete
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

const EMPTY_CREATE = { bucketGroup: '', shouldCount: false, buffer: '0', walmart: '', amazon: '', acenda: '' };

/** Create Bucket Group (002 §2, §5): the name is upper-cased and trimmed, empty center ids are sent as null. */
function CreateBucketGroupDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [values, setValues] = useState(EMPTY_CREATE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValues(EMPTY_CREATE);
      setErrors({});
      setGeneral(null);
    }
  }, [open]);
  const set = (key: keyof typeof EMPTY_CREATE, errorKey: string) => (value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [errorKey]: _cleared, ...rest }) => rest);
  };
  const nullIfEmpty = (v: string) => (v.trim() === '' ? null : v.trim());
  async function create() {
    try {
      await createBucketGroup({
        bucketGroup: values.bucketGroup.trim().toUpperCase(),
        shouldCountUnsourcedCommittedInGroup: values.shouldCount,
        groupInventoryBufferQty: values.buffer,
        walmartFulfillmentCenterId: nullIfEmpty(values.walmart),
        amazonSupplySourceId: nullIfEmpty(values.amazon),
        acendaWarehouseId: nullIfEmpty(values.acenda),
      });
      onCreated();
      onClose();
    } catch (error) {
      const { fields, general: text } = formErrors(error);
      setErrors(fields);
      setGeneral(text);
    }
  }
  const field = (key: 'bucketGroup' | 'walmart' | 'amazon' | 'acenda', errorKey: string, label: string) => (
    <TextField
      label={label}
      value={values[key]}
      onChange={(e) => set(key, errorKey)(e.target.value)}
      error={!!errors[errorKey]}
      helperText={errors[errorKey]}
      fullWidth
    />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Create Bucket Group</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {general && <Alert severity="error">{general}</Alert>}
          {field('bucketGroup', 'bucketGroup', 'Bucket Group')}
          <FormControlLabel
            control={
              <Checkbox
                checked={values.shouldCount}
                onChange={(e) => set('shouldCount', 'shouldCountUnsourcedCommittedInGroup')(e.target.checked)}
              />
            }
            label="Should Count Unsourced Committed In Group"
          />
          <TextField
            label="Group Inventory Buffer"
            type="number"
            value={values.buffer}
            onChange={(e) => set('buffer', 'groupInventoryBufferQty')(e.target.value)}
            error={!!errors.groupInventoryBufferQty}
            helperText={errors.groupInventoryBufferQty}
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
          />
          {field('walmart', 'walmartFulfillmentCenterId', 'Walmart Fulfillment Center Id')}
          {field('amazon', 'amazonSupplySourceId', 'Amazon Supply Source Id')}
          {field('acenda', 'acendaWarehouseId', 'Acenda Warehouse Id')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void create()}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The bucket group mapping dialog (002 §2): pick a bucket group and a bucket, then Create or Cancel. */
function MappingDialog({
  open,
  groups,
  onClose,
  onCreated,
}: {
  open: boolean;
  groups: TBucketGroup[];
  onClose(): void;
  onCreated(): void;
}) {
  const buckets = useBucketNames();
  const [values, setValues] = useState({ bucketGroup: '', bucket: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setValues({ bucketGroup: '', bucket: '' });
      setErrors({});
      setGeneral(null);
    }
  }, [open]);
  const set = (key: 'bucketGroup' | 'bucket') => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  async function create() {
    try {
      await createBucketGroupMapping(values);
      onCreated();
      onClose();
    } catch (error) {
      const { fields, general: text } = formErrors(error);
      setErrors(fields);
      setGeneral(text);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Bucket Group Mapping</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {general && <Alert severity="error">{general}</Alert>}
          <TextField
            select
            label="Bucket Group"
            value={values.bucketGroup}
            onChange={(e) => set('bucketGroup')(e.target.value)}
            error={!!errors.bucketGroup}
            helperText={errors.bucketGroup}
          >
            {groups.map((g) => (
              <MenuItem key={g.id} value={g.bucket_group}>
                {g.bucket_group}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Bucket"
            value={values.bucket}
            onChange={(e) => set('bucket')(e.target.value)}
            error={!!errors.bucket}
            helperText={errors.bucket}
          >
            {(buckets.data ?? []).map((b) => (
              <MenuItem key={b} value={b}>
                {b}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void create()}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Bucket groups (/buckets/groups, 002 §2): the editable table, Create Bucket Group and the mapping dialog. */
export function BucketGroupsPage() {
  const role = useEffectiveRole();
  const groups = useBucketGroups();
  const queryClient = useQueryClient();
  const { dialog, confirm } = useConfirm();
  const [dialogOpen, setDialogOpen] = useState<'create' | 'mapping' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: BUCKET_GROUPS_QUERY_KEY });
  const canEdit = hasPermission(role, 'bucket-buffer:edit');
  return (
    <Page
      title="Bucket Groups"
      actions={
        canEdit && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" onClick={() => setDialogOpen('create')}>
              Create Bucket Group
            </Button>
            <Button variant="outlined" onClick={() => setDialogOpen('mapping')}>
              Map Bucket
            </Button>
          </Stack>
        )
      }
    >
      {groups.isPending ? (
        <CircularProgress />
      ) : groups.isError ? (
        <Alert severity="error">The bucket groups could not be loaded.</Alert>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Group Name</TableCell>
                <TableCell>Should Count Unsourced Committed</TableCell>
                <TableCell>Group Buffer</TableCell>
                <TableCell>Walmart Fulfillment Center Id</TableCell>
                <TableCell>Amazon Supply Source Id</TableCell>
                <TableCell>Acenda Warehouse Id</TableCell>
                <TableCell>Submit</TableCell>
                <TableCell>Delete</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {groups.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={8}>No results to display</TableCell>
                </TableRow>
              )}
              {groups.data.map((g) => (
                <BucketGroupRow
                  key={g.id}
                  group={g}
                  canDelete={hasPermission(role, 'admin:override')}
                  confirm={confirm}
                  onSaved={refresh}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box>{dialog}</Box>
      <CreateBucketGroupDialog open={dialogOpen === 'create'} onClose={() => setDialogOpen(null)} onCreated={refresh} />
      <MappingDialog
        open={dialogOpen === 'mapping'}
        groups={groups.data ?? []}
        onClose={() => setDialogOpen(null)}
        onCreated={refresh}
      />
    </Page>
  );
}
