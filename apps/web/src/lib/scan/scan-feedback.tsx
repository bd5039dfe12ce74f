import { useCallback, useEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { SCAN_FEEDBACK_MS } from '@keystone/contracts';

export interface TFeedback {
  /** good: green; bad: red (a refusal); waiting: amber (kept for the server, not yet recorded). */
  kind: 'good' | 'bad' | 'waiting';
  text: string;
}

/** Green, red or amber scan feedback that clears itself after 6 s (001 §4, §9), or after the time given (a status message). */
export function useScanFeedback() {
  const [feedback, setFeedback] = useState<TFeedback | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback((kind: TFeedback['kind'], text: string, clearAfterMs: number = SCAN_FEEDBACK_MS) => {
    if (timer.current) clearTimeout(timer.current);
    setFeedback({ kind, text });
    timer.current = setTimeout(() => setFeedback(null), clearAfterMs);
  }, []);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setFeedback(null);
  }, []);
  return { feedback, show, clear };
}

export function ScanFeedback({ feedback, testId = 'scan-feedback' }: { feedback: TFeedback | null; testId?: string }) {
  return (
    <Box
      data-testid={testId}
      data-kind={feedback?.kind ?? ''}
      role="status"
      aria-live="assertive"
      sx={{
        minHeight: 40,
        px: 2,
        py: 1,
        borderRadius: 1,
        fontWeight: 600,
        color: feedback ? 'common.white' : 'text.secondary',
        bgcolor: feedback
          ? { good: 'success.main', bad: 'error.main', waiting: 'warning.dark' }[feedback.kind]
          : 'transparent',
        // Long messages wrap inside the box at any width (a phone's 390 px too); nothing is cut off.
        overflowWrap: 'anywhere',
      }}
    >
      {feedback?.text ?? ''}
    </Box>
  );
}
