import { Component, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export const FALLBACK_TEXT = 'Sorry, something has gone wrong.';

export function ErrorFallbackScreen() {
  return (
    <Box sx={{ p: 4 }}>
      <Typography variant="h5" role="alert">
        {FALLBACK_TEXT}
      </Typography>
    </Box>
  );
}

/** The generic fallback screen for rendering errors (000 §2). */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? (this.props.fallback ?? <ErrorFallbackScreen />) : this.props.children;
  }
}
