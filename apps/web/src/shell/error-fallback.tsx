import { Component, type ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';

export const FALLBACK_TEXT = 'Sorry, something has gone wrong.';

/**
 * The generic fallback screen for rendering errors (000 §2), with a way out: Try Again renders the page again
 * (or reloads it when no boundary can), Home leaves for the home page.
 */
export function ErrorFallbackScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" role="alert">
        {FALLBACK_TEXT}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => (onRetry ? onRetry() : window.location.reload())}>
          Try Again
        </Button>
        {/* A plain link (not the router's): the fallback also shows where no router is mounted. */}
        <Button variant="outlined" href="/">
          Go to Home
        </Button>
      </Stack>
    </Box>
  );
}

interface Props {
  children: ReactNode;
  fallback?: ReactNode;
  /** A change of this value (the page's path) clears the error, so one failed page does not stay on every page. */
  resetKey?: unknown;
  /** Runs before a retry or a reset (the shell drops cached answers, which may be what failed to render). */
  onReset?: () => void;
}

/** Catches rendering errors below it and shows the fallback until the user retries or navigates away. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }
  private readonly retry = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };
  override render() {
    return this.state.failed
      ? (this.props.fallback ?? <ErrorFallbackScreen onRetry={this.retry} />)
      : this.props.children;
  }
}
