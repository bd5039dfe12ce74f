import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
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
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import {
  hasPermission,
  SHIPPING_TEMPLATE_MESSAGES as M,
  type TRuleActivationError,
  type TShippingRule,
  type TShippingTemplate,
} from '@keystone/contracts';
import { ApiCallError } from '../../../lib/api-error';
import { useEffectiveRole } from '../../../lib/session-store';
import { RecordHistoryButton } from '../../../lib/record-history-button';
import { useConfirm } from '../../../shell/confirm-dialog';
import { Page } from '../../../shell/page';
import { formErrors } from '../api/form-errors';
import {
  activateRule,
  createComposition,
  createRule,
  createRuleMapping,
  deleteComposition,
  deleteRule,
  deleteRuleMapping,
  SHIPPING_QUERY_KEY,
  updateRule,
  useShippingCompositions,
  useShippingRuleMappings,
  useShippingRules,
  useShippingTemplates,
} from '../api/shipping-templates-api';
import { NewTemplateDialog, TemplatesTable } from './templates-tab';

type Confirm = ReturnType<typeof useConfirm>['confirm'];

type FormValues = Record<string, string | boolean>;

/**
 * A create or edit dialog of plain fields: each a text field or a choice; 422 errors under the fields, a general one
 * above. `initial` fills the fields each time it opens (an edit); a disabled field shows its value only.
 */
function FormDialog({
  open,
  title,
  fields,
  initial,
  submitLabel = 'Create',
  onClose,
  submit,
}: {
  open: boolean;
  title: string;
  fields: { key: string; label: string; options?: string[]; checkbox?: boolean; disabled?: boolean }[];
  initial?: FormValues;
  submitLabel?: string;
  onClose(): void;
  submit(values: FormValues): Promise<unknown>;
}) {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setValues(initial ?? {});
    setErrors({});
    setGeneral(null);
    // Filled when it opens, not again while it is open (the lists refresh behind it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (key: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  async function create() {
    try {
      await submit(values);
      onClose();
    } catch (error) {
      const { fields: f, general: text } = formErrors(error);
      setErrors(f);
      setGeneral(text);
    }
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {general && <Alert severity="error">{general}</Alert>}
          {fields.map((f) =>
            f.checkbox ? (
              <Box key={f.key}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={values[f.key] === true}
                      disabled={f.disabled}
                      onChange={(e) => set(f.key, e.target.checked)}
                    />
                  }
                  label={f.label}
                />
                {errors[f.key] && (
                  <Typography variant="caption" color="error" component="p">
                    {errors[f.key]}
                  </Typography>
                )}
              </Box>
            ) : (
              <TextField
                key={f.key}
                select={!!f.options}
                disabled={f.disabled}
                label={f.label}
                value={(values[f.key] as string | undefined) ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                error={!!errors[f.key]}
                helperText={errors[f.key]}
              >
                {(f.options ?? []).map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))}
              </TextField>
            ),
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void create()}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SimpleTable({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={head.length}>No results to display</TableCell>
            </TableRow>
          )}
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Publish Rule (002 §4, §8): confirmed; then 'Published' and disabled, or the missing groups / the error text. */
function PublishButton({
  rule,
  canEdit,
  confirm,
  onPublished,
  onFailure,
}: {
  rule: TShippingRule;
  canEdit: boolean;
  confirm: Confirm;
  onPublished(): void;
  onFailure(rule: string, error: string, groups: string[][]): void;
}) {
  const [busy, setBusy] = useState(false);
  async function publish() {
    const message = rule.uses_template_compositions ? M.confirmPublish : M.confirmPublishWithoutCompositions;
    if (!(await confirm({ title: `Publish ${rule.rule_code}`, message, confirmLabel: 'Publish' }))) return;
    setBusy(true);
    try {
      await activateRule(rule.id);
      onPublished();
    } catch (error) {
      const body = error instanceof ApiCallError ? (error.body as Partial<TRuleActivationError> | null) : null;
      const text =
        body && typeof body.error === 'string' && body.error && error instanceof ApiCallError && error.status !== 500
          ? body.error
          : M.activationFailed;
      onFailure(rule.rule_code, text, Array.isArray(body?.groups) ? body.groups : []);
    } finally {
      setBusy(false);
    }
  }
  if (rule.is_published) {
    return (
      <Button size="small" variant="contained" disabled>
        {M.published}
      </Button>
    );
  }
  return (
    <Button size="small" variant="contained" disabled={!canEdit || busy} onClick={() => void publish()}>
      {M.publish}
    </Button>
  );
}

const TABS = ['Shipping Templates', 'Rules', '(Legacy) Rule Maps', 'Compositions'] as const;
const CREATE_LABELS = ['New Shipping Template', 'New Rule', 'New (Legacy) Rule Map', 'New Composition'] as const;

/**
 * Shipping templates (002 §2): a route containing 'create' shows the four tabs, each with its create dialog;
 * otherwise only the templates table. Writes need bucket-buffer:edit (docs/decisions.md).
 */
export function ShippingTemplatesPage() {
  const { pathname } = useLocation();
  const tabbed = pathname.includes('create');
  const role = useEffectiveRole();
  const canEdit = hasPermission(role, 'bucket-buffer:edit');
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SHIPPING_QUERY_KEY });
  const { dialog, confirm } = useConfirm();
  const [tab, setTab] = useState(0);
  const [creating, setCreating] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ rule: string; error: string; groups: string[][] } | null>(null);
  const [editing, setEditing] = useState<TShippingRule | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const templates = useShippingTemplates();
  const rules = useShippingRules();
  const mappings = useShippingRuleMappings();
  const compositions = useShippingCompositions();
  const all: TShippingTemplate[] = templates.data ?? [];
  const names = all.map((t) => t.shipping_template);

  async function removeWith(remove: () => Promise<unknown>, title = 'Delete', message: string = M.confirmDelete) {
    if (!(await confirm({ title, message, confirmLabel: 'Delete', destructive: true }))) return;
    setActionError(null);
    await remove().catch((error: unknown) => setActionError(formErrors(error).general ?? 'The delete failed.'));
    refresh();
  }
  const deleteButton = (remove: () => Promise<unknown>, title?: string, message?: string) =>
    canEdit ? (
      <Button size="small" color="error" onClick={() => void removeWith(remove, title, message)}>
        Delete
      </Button>
    ) : null;
  const mapCount = (ruleId: number) => (mappings.data ?? []).filter((m) => m.rule_id === ruleId).length;

  if (templates.isPending) return <CircularProgress sx={{ m: 3 }} />;
  if (templates.isError) return <Alert severity="error">The shipping templates could not be loaded.</Alert>;

  const templatesTable = <TemplatesTable templates={all} canEdit={canEdit} onSaved={refresh} />;
  const panels = [
    templatesTable,
    <Stack key="rules" spacing={2}>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          <Typography>
            {failure.rule}: {failure.error}
          </Typography>
          {failure.groups.length > 0 && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="h6" component="h2">
                {M.missingGroupsTitle}
              </Typography>
              <Table size="small" aria-label={M.missingGroupsTitle}>
                <TableHead>
                  <TableRow>
                    <TableCell>Group</TableCell>
                    <TableCell>Simple Shipping Templates</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {failure.groups.map((g, i) => (
                    <TableRow key={i}>
                      <TableCell>{i + 1}</TableCell>
                      <TableCell>{g.join(', ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Alert>
      )}
      <SimpleTable
        head={[
          'Rule Code',
          'Fallback Template',
          'Group Template',
          'Uses Compositions',
          'Publish',
          '',
          ...(canEdit ? ['', ''] : []),
        ]}
        rows={(rules.data ?? []).map((r) => [
          r.rule_code,
          r.fallback_shipping_template,
          r.group_shipping_template,
          r.uses_template_compositions ? 'Yes' : 'No',
          <PublishButton
            key={r.id}
            rule={r}
            canEdit={canEdit}
            confirm={confirm}
            onPublished={() => {
              setFailure(null);
              refresh();
            }}
            onFailure={(rule, error, groups) => setFailure({ rule, error, groups })}
          />,
          <RecordHistoryButton key="history" entity="shipping-rule" id={r.id} label={`Rule ${r.rule_code}`} />,
          ...(canEdit
            ? [
                <Button key="edit" size="small" onClick={() => setEditing(r)}>
                  Edit
                </Button>,
                deleteButton(
                  () => deleteRule(r.id),
                  `Delete ${r.rule_code}`,
                  M.confirmDeleteRule(r.rule_code, mapCount(r.id)),
                ),
              ]
            : []),
        ])}
      />
      <Typography variant="body2" color="text.secondary">
        {M.publishNote}
      </Typography>
    </Stack>,
    <SimpleTable
      key="maps"
      head={['Rule Code', 'Shipping Template', '']}
      rows={(mappings.data ?? []).map((m) => [
        m.rule_code,
        m.shipping_template,
        deleteButton(() => deleteRuleMapping(m.id)),
      ])}
    />,
    <SimpleTable
      key="compositions"
      head={['Composite Template', 'Simple Template', 'Templates In Composition', '']}
      rows={(compositions.data ?? []).map((c) => [
        c.composite_shipping_template,
        c.simple_shipping_template,
        c.num_of_templates_in_composition,
        deleteButton(() => deleteComposition(c.id)),
      ])}
    />,
  ];

  const ruleCodes = (rules.data ?? []).map((r) => r.rule_code);
  const after = (p: Promise<unknown>) => p.then(refresh);
  return (
    <Page
      title="Shipping Templates"
      actions={
        canEdit && (
          <Button variant="contained" onClick={() => setCreating(tabbed ? tab : 0)}>
            {CREATE_LABELS[tabbed ? tab : 0]}
          </Button>
        )
      }
    >
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)} sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      )}
      {tabbed ? (
        <>
          <Tabs
            value={tab}
            onChange={(_, v: number) => setTab(v)}
            variant="scrollable"
            scrollButtons="auto"
            sx={{ mb: 2 }}
          >
            {TABS.map((label) => (
              <Tab key={label} label={label} />
            ))}
          </Tabs>
          {panels[tab]}
        </>
      ) : (
        templatesTable
      )}
      {dialog}
      <NewTemplateDialog open={creating === 0} onClose={() => setCreating(null)} onCreated={refresh} />
      <FormDialog
        open={creating === 1}
        title="New Rule"
        fields={[
          { key: 'ruleCode', label: 'Rule Code' },
          { key: 'fallbackShippingTemplate', label: 'Fallback Shipping Template', options: names },
          { key: 'groupShippingTemplate', label: 'Group Shipping Template', options: names },
          { key: 'usesTemplateCompositions', label: 'Uses Template Compositions', checkbox: true },
        ]}
        onClose={() => setCreating(null)}
        submit={(v) => after(createRule(v as never))}
      />
      <FormDialog
        open={editing !== null}
        title={`Edit Rule ${editing?.rule_code ?? ''}`}
        submitLabel="Save"
        initial={
          editing
            ? {
                ruleCode: editing.rule_code,
                fallbackShippingTemplate: editing.fallback_shipping_template,
                groupShippingTemplate: editing.group_shipping_template,
                usesTemplateCompositions: editing.uses_template_compositions,
              }
            : undefined
        }
        fields={[
          { key: 'ruleCode', label: 'Rule Code', disabled: true },
          { key: 'fallbackShippingTemplate', label: 'Fallback Shipping Template', options: names },
          { key: 'groupShippingTemplate', label: 'Group Shipping Template', options: names },
          { key: 'usesTemplateCompositions', label: 'Uses Template Compositions', checkbox: true },
        ]}
        onClose={() => setEditing(null)}
        submit={(v) => after(updateRule(v as never))}
      />
      <FormDialog
        open={creating === 2}
        title="New (Legacy) Rule Map"
        fields={[
          { key: 'ruleCode', label: 'Rule Code', options: ruleCodes },
          { key: 'shippingTemplate', label: 'Shipping Template', options: names },
        ]}
        onClose={() => setCreating(null)}
        submit={(v) => after(createRuleMapping(v as never))}
      />
      <FormDialog
        open={creating === 3}
        title="New Composition"
        fields={[
          {
            key: 'compositeShippingTemplate',
            label: 'Composite Shipping Template',
            options: all.filter((t) => t.is_parent_template).map((t) => t.shipping_template),
          },
          {
            key: 'simpleShippingTemplate',
            label: 'Simple Shipping Template',
            options: all.filter((t) => !t.is_parent_template).map((t) => t.shipping_template),
          },
        ]}
        onClose={() => setCreating(null)}
        submit={(v) => after(createComposition(v as never))}
      />
    </Page>
  );
}
