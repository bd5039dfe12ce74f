import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TDownloadProgress } from './download-report';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How much of a report download has come: a bar (determinate when the size is known) and the bytes received. */
export function ReportDownloadProgress({ progress }: { progress: TDownloadProgress | null }) {
  if (!progress) return null;
  const share = progress.total ? Math.min(100, (progress.loaded / progress.total) * 100) : null;
  return (
    <Box data-testid="report-download-progress" sx={{ my: 1 }}>
      <LinearProgress variant={share === null ? 'indeterminate' : 'determinate'} value={share ?? undefined} />
      <Typography variant="caption" color="text.secondary">
        Downloading… {size(progress.loaded)}
        {progress.total ? ` of ${size(progress.total)}` : ''}
      </Typography>
    </Box>
  );
}
