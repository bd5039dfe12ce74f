import { useNavigate } from 'react-router';
import { Badge, Box, Chip } from '@mui/material';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { formatTimestamp } from '../lib/format-date';
import { scanOutbox, useNetwork } from '../lib/scan/outbox';

const onBar = { color: 'inherit', borderColor: 'currentColor', '& .MuiChip-icon': { color: 'inherit' } } as const;

/** "14:02" of today's sync, the date and time of an older one. */
function syncText(at: number | null): string {
  if (!at) return 'not synced yet';
  const text = formatTimestamp(new Date(at));
  const today = formatTimestamp(new Date()).slice(0, 10);
  return `synced ${text.startsWith(today) ? text.slice(11, 16) : text.slice(0, 16)}`;
}

/**
 * The app bar's word on the network and the scans this device keeps: online or offline (or the server out of
 * reach), the last sync, 'n scans waiting' while the server cannot be reached and the scans it refused on a replay.
 * Each opens the scans-waiting screen (the list by job). Loaded after the shell (`scan-outbox-indicator.tsx`).
 */
export default function ScanOutboxStatus({ waiting }: { waiting: number }) {
  const navigate = useNavigate();
  const online = useNetwork((s) => s.online);
  const stalled = scanOutbox.store((s) => s.stalled);
  const lastSyncAt = scanOutbox.store((s) => s.lastSyncAt);
  const refused = scanOutbox.store((s) => s.entries.filter((e) => e.state === 'refused').length);
  const open = () => void navigate('/scans-waiting');
  const state = !online ? 'Offline' : stalled ? 'Server out of reach' : 'Online';
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Chip
        icon={online && !stalled ? <CloudDoneIcon /> : <CloudOffIcon />}
        color={online && !stalled ? 'default' : 'warning'}
        // Online, it is drawn in the app bar's text colour (the bar keeps its location colour in both themes).
        variant={online && !stalled ? 'outlined' : 'filled'}
        sx={online && !stalled ? onBar : undefined}
        label={
          <>
            {state}
            <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
              {` · ${syncText(lastSyncAt)}`}
            </Box>
          </>
        }
        title={`${state}; ${syncText(lastSyncAt)}`}
        onClick={open}
        data-testid="network-status"
        data-online={online && !stalled ? 'true' : 'false'}
      />
      {(waiting > 0 || refused > 0) && (
        <Badge badgeContent={refused} color="error" invisible={!refused}>
          <Chip
            color={waiting ? 'warning' : 'error'}
            label={
              waiting
                ? `${waiting} scan${waiting === 1 ? '' : 's'} waiting`
                : `${refused} scan${refused === 1 ? '' : 's'} refused`
            }
            onClick={open}
            data-testid="scans-waiting"
          />
        </Badge>
      )}
    </Box>
  );
}
