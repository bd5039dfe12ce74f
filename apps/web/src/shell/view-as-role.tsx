import { MenuItem, TextField } from '@mui/material';
import { ROLES } from '@keystone/contracts';
import { useSession } from '../lib/session-store';
import { onBarField } from './on-bar-field';

export default function ViewAsRole() {
  const viewAsRole = useSession((s) => s.viewAsRole);
  const role = useSession((s) => s.role);
  const setViewAsRole = useSession((s) => s.setViewAsRole);
  return (
    <TextField
      select
      size="small"
      label="View as role"
      value={viewAsRole ?? role ?? ''}
      onChange={(e) => setViewAsRole(e.target.value === role ? null : e.target.value)}
      sx={{ minWidth: 190, ...onBarField }}
      slotProps={{ htmlInput: { 'data-testid': 'view-as-role' } }}
    >
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {r}
        </MenuItem>
      ))}
    </TextField>
  );
}
