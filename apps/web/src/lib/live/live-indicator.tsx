import Chip from '@mui/material/Chip';
import { useLiveStatus } from './use-live-updates';

const LABELS = { idle: 'Live', connecting: 'Connecting…', live: 'Live', offline: 'Offline: reconnecting' } as const;

/** Whether a live screen is receiving changes (its event stream is open), beside the page's title actions. */
export function LiveIndicator() {
  const status = useLiveStatus((s) => s.status);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'live' ? 'success' : status === 'offline' ? 'warning' : 'default'}
      label={LABELS[status]}
      data-testid="live-indicator"
      data-status={status}
      title={status === 'live' ? 'Changes by other users appear without reloading' : undefined}
    />
  );
}
