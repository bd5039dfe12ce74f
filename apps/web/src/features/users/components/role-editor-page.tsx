import { useMemo, useState } from 'react';
import {
  Alert,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_EDITOR_MESSAGES, type TRoleRecord, type TUser } from '@keystone/contracts';
import { serverMessage } from '../../../lib/api-error';
import { formatTimestamp } from '../../../lib/format-date';
import { queueSuccess } from '../../../lib/message-queue';
import { RecordHistoryButton } from '../../../lib/record-history-button';
import { useSession } from '../../../lib/session-store';
import { useConfirm } from '../../../shell/confirm-dialog';
import { Page } from '../../../shell/page';
import { changeUserRole, ROLE_EDITOR_QUERY_KEY, useRoleChanges, useRoles, useUsers } from '../api/users-api';

/** The role of one user: a select, disabled for the signed-in user (the server refuses a change of one's own role). */
function RoleSelect({
  user,
  roles,
  self,
  busy,
  onPick,
}: {
  user: TUser;
  roles: TRoleRecord[];
  self: boolean;
  busy: boolean;
  onPick(role: TRoleRecord): void;
}) {
  return (
    <Stack spacing={0.5}>
      <Select
        size="small"
        value={user.role_id}
        disabled={self || busy}
        onChange={(e) => {
          const role = roles.find((r) => r.id === Number(e.target.value));
          if (role && role.id !== user.role_id) onPick(role);
        }}
        inputProps={{ 'aria-label': `Role of ${user.username}`, 'data-testid': `role-select-${user.username}` }}
        sx={{ minWidth: { xs: 0, sm: 200 }, width: { xs: '100%', sm: 'auto' } }}
      >
        {roles.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.role_name}
          </MenuItem>
        ))}
      </Select>
      {self && (
        <Typography variant="caption" color="text.secondary">
          You cannot change your own role.
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The role editor (002 §2 /role-editor, role-editor:view): users with their roles, searchable and sorted by username;
 * a role change is confirmed, saved, and listed with who made it and when under Recent changes.
 */
export function RoleEditorPage() {
  const users = useUsers();
  const roles = useRoles();
  const changes = useRoleChanges();
  const me = useSession((s) => s.username);
  const client = useQueryClient();
  const { dialog, confirm } = useConfirm();
  const [search, setSearch] = useState('');
  const [busyUser, setBusyUser] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A phone shows one column: the user, then the role control under it; each change on one line.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return [...(users.data?.data ?? [])]
      .filter(
        (u) =>
          !term ||
          u.username.toLowerCase().includes(term) ||
          (u.email ?? '').toLowerCase().includes(term) ||
          u.role.toLowerCase().includes(term),
      )
      .sort((a, b) => a.username.localeCompare(b.username));
  }, [users.data, search]);

  const pick = async (user: TUser, role: TRoleRecord) => {
    setError(null);
    const yes = await confirm({
      title: 'Change role',
      message: (
        <>
          Change the role of <b>{user.username}</b> from <b>{user.role}</b> to <b>{role.role_name}</b>? Their
          permissions change at their next request.
        </>
      ),
      confirmLabel: 'Change role',
    });
    if (!yes) return;
    setBusyUser(user.id);
    try {
      const saved = await changeUserRole(user.id, role.id);
      queueSuccess(ROLE_EDITOR_MESSAGES.changed(saved.username, saved.role));
    } catch (e) {
      setError(`${ROLE_EDITOR_MESSAGES.changeFailed}${serverMessage(e) ? ` ${serverMessage(e)}` : ''}`);
    } finally {
      setBusyUser(null);
      await client.invalidateQueries({ queryKey: ROLE_EDITOR_QUERY_KEY });
    }
  };

  const loading = users.isPending || roles.isPending;
  const failed = users.isError || roles.isError;

  return (
    <Page title="Role Editor">
      {dialog}
      <TextField
        size="small"
        placeholder="Search users, e-mail or role"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': 'Search users', 'data-testid': 'role-editor-search' },
        }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mb: 2 }} data-testid="role-editor-error">
          {error}
        </Alert>
      )}
      {loading && <LinearProgress />}
      {failed && <Alert severity="error">The users could not be loaded.</Alert>}
      {!loading && !failed && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 4 }}>
          <Table size="small" aria-label="Users and their roles">
            <TableHead>
              <TableRow>
                <TableCell>{narrow ? 'User and role' : 'Username'}</TableCell>
                {!narrow && <TableCell>E-mail</TableCell>}
                {!narrow && <TableCell>Role</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((u) => {
                const select = (
                  <RoleSelect
                    user={u}
                    roles={roles.data!.data}
                    self={u.username === me}
                    busy={busyUser === u.id}
                    onPick={(r) => void pick(u, r)}
                  />
                );
                return narrow ? (
                  <TableRow key={u.id} data-testid={`user-row-${u.username}`}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {u.username}
                      </Typography>
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ overflowWrap: 'anywhere', mb: 1 }}
                      >
                        {u.email ?? '—'}
                      </Typography>
                      {select}
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={u.id} data-testid={`user-row-${u.username}`}>
                    <TableCell>{u.username}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{u.email ?? '—'}</TableCell>
                    <TableCell>{select}</TableCell>
                  </TableRow>
                );
              })}
              {shown.length === 0 && (
                <TableRow>
                  <TableCell colSpan={narrow ? 1 : 3}>No results to display</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {!loading && !failed && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Roles
          </Typography>
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 4, maxWidth: 560 }}>
            <Table size="small" aria-label="Roles">
              <TableHead>
                <TableRow>
                  <TableCell>Role</TableCell>
                  <TableCell align="right">Users</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.data!.data.map((r) => (
                  <TableRow key={r.id} data-testid={`role-row-${r.role_name}`}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.role_name}</TableCell>
                    <TableCell align="right">
                      {(users.data?.data ?? []).filter((u) => u.role_id === r.id).length}
                    </TableCell>
                    <TableCell align="right">
                      <RecordHistoryButton entity="role" id={r.role_name} label={`Role ${r.role_name}`} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Recent changes
      </Typography>
      {changes.isPending && <LinearProgress />}
      {changes.data && changes.data.data.length === 0 && (
        <Typography color="text.secondary">{ROLE_EDITOR_MESSAGES.noChanges}</Typography>
      )}
      {changes.data && changes.data.data.length > 0 && (
        <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" aria-label="Recent role changes" data-testid="role-changes">
            {!narrow && (
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>User</TableCell>
                  <TableCell>Change</TableCell>
                  <TableCell>By</TableCell>
                </TableRow>
              </TableHead>
            )}
            <TableBody>
              {changes.data.data.map((c) =>
                narrow ? (
                  <TableRow key={c.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {c.username}: {c.from_role} → {c.to_role}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" title={c.changed_at}>
                        {formatTimestamp(c.changed_at)} by {c.changed_by ?? 'system'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={c.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} title={c.changed_at}>
                      {formatTimestamp(c.changed_at)}
                    </TableCell>
                    <TableCell>{c.username}</TableCell>
                    <TableCell>
                      {c.from_role} → {c.to_role}
                    </TableCell>
                    <TableCell>{c.changed_by ?? 'system'}</TableCell>
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Page>
  );
}
