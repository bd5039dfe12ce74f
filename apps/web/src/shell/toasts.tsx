import { Alert, AlertTitle, Box, Slide, Snackbar } from '@mui/material';
import { TOAST_TIMING, useMessageQueue } from '../lib/message-queue';
import { formatTimestamp } from '../lib/format-date';

/** Toasts at the bottom right, hidden on extra-small screens (000 §2). */
export function Toasts() {
  const messages = useMessageQueue((s) => s.messages);
  const close = useMessageQueue((s) => s.close);
  return (
    <Box sx={{ display: { xs: 'none', sm: 'block' } }} data-testid="toasts">
      {messages.map((m, i) => (
        <Snackbar
          key={m.id}
          open={m.open}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          autoHideDuration={TOAST_TIMING.displayMs}
          onClose={(_, reason) => reason !== 'clickaway' && close(m.id)}
          slots={{ transition: Slide }}
          transitionDuration={{ enter: TOAST_TIMING.enterMs, exit: TOAST_TIMING.exitMs }}
          sx={{ mb: `${i * 84}px` }}
        >
          <Alert
            severity={m.type === 'errors' ? 'error' : 'success'}
            variant="filled"
            onClose={() => close(m.id)}
            sx={{ minWidth: 320 }}
            role="alert"
          >
            <AlertTitle>{m.status}</AlertTitle>
            {m.message}
            <Box component="div" sx={{ fontSize: 11, opacity: 0.8 }}>
              {formatTimestamp(m.date)}
            </Box>
          </Alert>
        </Snackbar>
      ))}
    </Box>
  );
}
