import { Alert } from '@mui/material';

/** The amber note of a flow whose scans wait on this device for the server (shown while `count` > 0). */
export function ScansWaiting({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <Alert severity="warning" data-testid={testId}>
      {count} scan{count === 1 ? '' : 's'} waiting: the server cannot be reached. They are kept on this device and sent
      in order when it answers; keep scanning.
    </Alert>
  );
}
