import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
} from '@mui/material';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import StarIcon from '@mui/icons-material/Star';
import {
  createSavedViewRoute,
  deleteSavedViewRoute,
  listSavedViewsRoute,
  SAVED_VIEW_LISTS,
  SAVED_VIEW_NAME_MAX,
  setSavedViewDefaultRoute,
  updateSavedViewRoute,
  type TSavedView,
  type TSavedViewList,
  type TSavedViewState,
} from '@keystone/contracts';
import { ApiCallError, callApi, serverMessage } from './api-client';
import { useConfirm } from '../shell/confirm-dialog';

/** The URL parameters of a list's sort and visible columns; its filters are its own query parameter names. */
export const VIEW_SORT_BY_PARAM = 'sortBy';
export const VIEW_SORT_ORDER_PARAM = 'sortOrder';
export const VIEW_COLUMNS_PARAM = 'columns';

const filterNames = (list: TSavedViewList): readonly string[] => SAVED_VIEW_LISTS[list].filters;

/**
 * The URL parameters a list's view owns: its filters, and the sort and columns parameters only when it sorts or
 * chooses columns (a list in a dialog over another list leaves that list's sort alone).
 */
const ownParams = (list: TSavedViewList): readonly string[] => {
  const spec = SAVED_VIEW_LISTS[list];
  return [
    ...spec.filters,
    ...(spec.sorts.length ? [VIEW_SORT_BY_PARAM, VIEW_SORT_ORDER_PARAM] : []),
    ...(spec.columns.length ? [VIEW_COLUMNS_PARAM] : []),
  ];
};

/** A list's view as its URL holds it: the filled filters, the sort (when the list sorts) and the visible columns. */
export function viewStateFromParams(list: TSavedViewList, params: URLSearchParams): TSavedViewState {
  const spec = SAVED_VIEW_LISTS[list];
  const filters: Record<string, string> = {};
  for (const name of filterNames(list)) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const by = params.get(VIEW_SORT_BY_PARAM);
  const sort =
    by && (spec.sorts as readonly string[]).includes(by)
      ? { by, order: params.get(VIEW_SORT_ORDER_PARAM) === 'asc' ? ('asc' as const) : ('desc' as const) }
      : null;
  const columns = params.get(VIEW_COLUMNS_PARAM);
  return {
    filters,
    sort,
    columns:
      columns !== null && spec.columns.length
        ? columns.split(',').filter((c) => (spec.columns as readonly string[]).includes(c))
        : null,
  };
}

/** The URL with the list's view replaced by `state` (other parameters kept). */
export function paramsWithViewState(
  list: TSavedViewList,
  params: URLSearchParams,
  state: TSavedViewState,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ownParams(list)) next.delete(name);
  for (const [name, value] of Object.entries(state.filters)) if (value) next.set(name, value);
  if (state.sort) {
    next.set(VIEW_SORT_BY_PARAM, state.sort.by);
    next.set(VIEW_SORT_ORDER_PARAM, state.sort.order);
  }
  if (state.columns) next.set(VIEW_COLUMNS_PARAM, state.columns.join(','));
  return next;
}

/** Whether the URL names any of the list's filters, sort or columns (a list opened bare takes the default view). */
export function hasViewParams(list: TSavedViewList, params: URLSearchParams): boolean {
  return ownParams(list).some((n) => params.has(n));
}

/**
 * A list's URL and a setter of some of its parameters (empty or null: removed), replacing the history entry: for a
 * list whose filters live in the URL so a saved view can keep them (a field typed into writes on every change).
 */
export function useViewParams(): [URLSearchParams, (entries: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const set = (entries: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(entries))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return [params, set];
}

const stateKey = (list: TSavedViewList, state: TSavedViewState) =>
  JSON.stringify(viewStateFromParams(list, paramsWithViewState(list, new URLSearchParams(), state)));

const queryKeyOf = (list: TSavedViewList) => ['saved-views', list] as const;

/**
 * GET /api/saved-views: my views of a list. Also a first read of a list screen (lazyPage's `reads`): an answer under
 * 5 s old is not asked again when the control mounts; my own changes invalidate it.
 */
export const savedViewsQuery = (list: TSavedViewList) =>
  queryOptions({
    queryKey: queryKeyOf(list),
    queryFn: ({ signal }) => callApi(listSavedViewsRoute, { query: { list }, signal }),
    staleTime: 5_000,
  });

/** The field errors of a refused save, by field, or the answer's message under the name. */
function nameError(error: unknown): string {
  if (error instanceof ApiCallError) {
    const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors;
    const first = errors?.name?.[0] ?? Object.values(errors ?? {})[0]?.[0];
    if (first) return first;
  }
  return serverMessage(error) ?? 'The view could not be saved';
}

function NameDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('a view needs a name');
    setBusy(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (e) {
      setError(nameError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="saved-view-name-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="saved-view-name-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="View name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            error={!!error}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: SAVED_VIEW_NAME_MAX, 'data-testid': 'saved-view-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="saved-view-save">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The Views control of a list (docs/decisions.md, "Saved views"): pick one of my saved views (its filters, sort and columns go into the
 * URL), save the current state as a view, update, rename or delete the picked one, make it my default. A list
 * opened with none of its view parameters in the URL takes my default view. `onApplied` runs after a view is put in
 * the URL (a list goes back to its first page).
 */
export function SavedViewsControl({ list, onApplied }: { list: TSavedViewList; onApplied?: () => void }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const { dialog: confirmDialog, confirm } = useConfirm();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState<'create' | 'rename' | null>(null);
  const [activeId, setActiveId] = useState<number | null>(null);
  const views = useQuery(savedViewsQuery(list));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeyOf(list) });
  const save = useMutation({
    mutationFn: (name: string) => callApi(createSavedViewRoute, { body: { list, name, state: current }, silent: true }),
    onSuccess: (view) => {
      setActiveId(view.id);
      return refresh();
    },
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; state?: TSavedViewState }) =>
      callApi(updateSavedViewRoute, { params: { id }, body, silent: body.name !== undefined }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(deleteSavedViewRoute, { params: { id } }),
    onSuccess: () => setActiveId(null),
    onSettled: refresh,
  });
  const setDefault = useMutation({
    mutationFn: ({ id, is_default }: { id: number; is_default: boolean }) =>
      callApi(setSavedViewDefaultRoute, { params: { id }, body: { is_default } }),
    onSettled: refresh,
  });

  const current = viewStateFromParams(list, params);
  const currentKey = stateKey(list, current);
  const all = views.data?.data ?? [];
  const active = all.find((v) => v.id === activeId) ?? all.find((v) => stateKey(list, v.state) === currentKey) ?? null;
  const changed = active !== null && stateKey(list, active.state) !== currentKey;

  const latestParams = useRef(params);
  latestParams.current = params;
  const apply = (view: TSavedView) => {
    setAnchor(null);
    setActiveId(view.id);
    setParams(paramsWithViewState(list, latestParams.current, view.state), { replace: true });
    onApplied?.();
  };

  // A list opened with none of its view parameters takes the default view, once, unless something was set meanwhile.
  const openedBare = useRef(!hasViewParams(list, params));
  useEffect(() => {
    if (!openedBare.current || !views.data) return;
    openedBare.current = false;
    const byDefault = views.data.data.find((v) => v.is_default);
    if (byDefault && !hasViewParams(list, latestParams.current)) apply(byDefault);
    // apply reads refs; this runs once, when the views first arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views.data, list]);

  const act = (work: () => void) => () => {
    setAnchor(null);
    work();
  };
  const deleteActive = async (view: TSavedView) => {
    const yes = await confirm({
      title: 'Delete view?',
      message: `Delete your view "${view.name}"? The list keeps its current filters.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (yes) remove.mutate(view.id);
  };

  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<BookmarksOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="saved-views"
        sx={{ maxWidth: { xs: 180, sm: 320 }, minWidth: 0, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        {/* The name is cut at its end (a long one on a phone), the icon kept. */}
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {active ? `View: ${active.name}${changed ? ' (changed)' : ''}` : 'Views'}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {all.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{views.isLoading ? 'Loading…' : 'No saved views yet'}</ListItemText>
          </MenuItem>
        )}
        {all.map((view) => (
          <MenuItem
            key={view.id}
            selected={view.id === active?.id}
            onClick={() => apply(view)}
            data-testid="saved-view-option"
          >
            <ListItemIcon>{view.is_default && <StarIcon fontSize="small" aria-label="default" />}</ListItemIcon>
            <ListItemText>{view.name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={act(() => setNaming('create'))} data-testid="saved-view-save-as">
          Save view as…
        </MenuItem>
        {active && [
          <MenuItem
            key="update"
            disabled={!changed}
            onClick={act(() => update.mutate({ id: active.id, state: current }))}
            data-testid="saved-view-update"
          >
            Update “{active.name}”
          </MenuItem>,
          <MenuItem key="rename" onClick={act(() => setNaming('rename'))} data-testid="saved-view-rename">
            Rename “{active.name}”…
          </MenuItem>,
          <MenuItem
            key="default"
            onClick={act(() => setDefault.mutate({ id: active.id, is_default: !active.is_default }))}
            data-testid="saved-view-default"
          >
            {active.is_default ? 'Stop opening with this view' : 'Make default'}
          </MenuItem>,
          <MenuItem key="delete" onClick={act(() => void deleteActive(active))} data-testid="saved-view-delete">
            Delete “{active.name}”…
          </MenuItem>,
        ]}
      </Menu>
      {naming && (
        <NameDialog
          title={naming === 'create' ? 'Save view as' : 'Rename view'}
          initial={naming === 'rename' && active ? active.name : ''}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            if (naming === 'create') await save.mutateAsync(name);
            else if (active) await update.mutateAsync({ id: active.id, name });
          }}
        />
      )}
      {confirmDialog}
    </>
  );
}
