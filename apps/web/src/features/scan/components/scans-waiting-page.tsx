import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { formatTimestamp } from '../../../lib/format-date';
import { outboxJobs } from '../../../lib/scan/outbox-jobs';
import { scanOutbox, useNetwork } from '../../../lib/scan/outbox';
import { waitingCount, type OutboxEntry } from '../../../lib/scan/scan-outbox';
import { logout } from '../../../shell/logout';
import { Page } from '../../../shell/page';

function stateText(entry: OutboxEntry): string {
  if (entry.state === 'refused') return `Refused: ${entry.message ?? 'the server refused the scan.'}`;
  if (entry.state === 'sending') return 'Sending';
  return entry.attempts ? `Waiting (${entry.attempts} tr${entry.attempts === 1 ? 'y' : 'ies'})` : 'Waiting';
}

/**
 * Every scan kept on this device that the server has not recorded, by job: waiting (sent in scanning order as soon
 * as the server answers) or refused on a replay, with the server's reason and what to do. Opened from the shell's
 * network word, and by signing out while scans wait (`?sign-out=1`), which asks first.
 */
export function ScansWaitingPage() {
  const entries = scanOutbox.store((s) => s.entries);
  const waiting = scanOutbox.store(waitingCount);
  const lastSyncAt = scanOutbox.store((s) => s.lastSyncAt);
  const online = useNetwork((s) => s.online);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unsent = entries.filter((e) => e.state !== 'refused').length;
  const jobs = outboxJobs(entries);
  return (
    <Page title="Scans Waiting">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography data-testid="network-state" sx={{ fontWeight: 500 }}>
          {online ? 'Online' : 'Offline'}
        </Typography>
        <Typography data-testid="waiting-count">
          {unsent} scan{unsent === 1 ? '' : 's'} not yet recorded{waiting ? ' (the server cannot be reached)' : ''}
        </Typography>
        <Typography color="text.secondary" data-testid="last-sync">
          Last sync: {formatTimestamp(lastSyncAt ? new Date(lastSyncAt) : null, 'none on this device yet')}
        </Typography>
        {unsent > 0 && (
          <Button variant="outlined" onClick={() => scanOutbox.retryNow()} sx={{ minHeight: 48 }}>
            Send now
          </Button>
        )}
      </Box>
      {params.get('sign-out') === '1' && (
        <Alert
          severity="warning"
          data-testid="sign-out-waiting"
          sx={{ mb: 2 }}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button color="inherit" onClick={() => void navigate('/scans-waiting', { replace: true })}>
                Stay signed in
              </Button>
              <Button color="inherit" variant="outlined" onClick={() => void logout()}>
                Sign out anyway
              </Button>
            </Box>
          }
        >
          {unsent
            ? `${unsent} scan${unsent === 1 ? ' is' : 's are'} not yet recorded by the server. Stay signed in until they are sent. If you sign out, they stay on this device and are sent when someone signs in on it again, in that person's name.`
            : 'Every scan has been recorded. You can sign out.'}
        </Alert>
      )}
      {!jobs.length && (
        <Typography color="text.secondary" data-testid="nothing-waiting">
          Nothing is waiting: every scan made on this device has been recorded by the server.
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {jobs.map((job) => {
          const refused = job.entries.filter((e) => e.state === 'refused');
          return (
            <Card key={job.context} variant="outlined" data-testid="waiting-job" data-context={job.context}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {job.href ? (
                    <Link component={RouterLink} to={job.href}>
                      {job.title}
                    </Link>
                  ) : (
                    job.title
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {job.entries.length - refused.length} waiting
                  {refused.length ? `, ${refused.length} refused` : ''}
                </Typography>
                {refused.length > 0 && (
                  <Alert severity="error" sx={{ my: 1 }}>
                    {job.advice}
                  </Alert>
                )}
                <List dense>
                  {job.entries.map((entry) => (
                    <ListItem
                      key={entry.id}
                      divider
                      data-testid="waiting-scan"
                      data-state={entry.state}
                      secondaryAction={
                        entry.state === 'refused' ? (
                          <Button
                            onClick={() => void scanOutbox.dismiss(entry.id)}
                            aria-label={`Clear ${entry.label}`}
                            sx={{ minHeight: 48 }}
                          >
                            Clear
                          </Button>
                        ) : undefined
                      }
                    >
                      <ListItemText
                        primary={entry.label}
                        secondary={`${stateText(entry)} · scanned ${formatTimestamp(entry.createdAt)}`}
                        slotProps={{ secondary: { color: entry.state === 'refused' ? 'error' : undefined } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Page>
  );
}
