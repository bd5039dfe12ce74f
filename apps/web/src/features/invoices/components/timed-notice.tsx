import { useCallback, useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { INVOICE_MESSAGE_MS } from '@keystone/contracts';

export interface TNotice {
  id: number;
  severity: 'success' | 'error';
  text: string;
}

let nextNoticeId = 1;

/** A message that hides itself: successes after 5 s, errors after 7 s (001 §8, §9). */
export function useTimedNotice() {
  const [notice, setNotice] = useState<TNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(
      () => setNotice(null),
      notice.severity === 'success' ? INVOICE_MESSAGE_MS.success : INVOICE_MESSAGE_MS.error,
    );
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback(
    (severity: TNotice['severity'], text: string) => setNotice({ id: nextNoticeId++, severity, text }),
    [],
  );
  const clear = useCallback(() => setNotice(null), []);
  return { notice, show, clear };
}

export function TimedNotice({
  notice,
  onClose,
  testId,
}: {
  notice: TNotice | null;
  onClose: () => void;
  testId: string;
}) {
  if (!notice) return null;
  return (
    <Alert key={notice.id} severity={notice.severity} onClose={onClose} data-testid={testId} sx={{ mb: 2 }}>
      {notice.text}
    </Alert>
  );
}
