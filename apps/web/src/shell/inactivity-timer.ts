import { useEffect } from 'react';
import { readLastActivity, recordActivity, useSession } from '../lib/session-store';
import { logout } from './logout';

/** 4 hours without activity clears the token (000 §4, §9). */
export const INACTIVITY_TIMEOUT_MS = 14_400_000;
/** Activity resets the timer at most once per 30 seconds. */
export const ACTIVITY_THROTTLE_MS = 30_000;

/**
 * Signs out after the inactivity timeout. Mouse movement (and, for scanner users who never touch the
 * mouse, key presses) reset the timer, at most once per 30 s. The last activity time is kept in local storage,
 * so a reload (or another tab) keeps the clock: a page opened after 4 idle hours signs out at once. Expiry also
 * revokes the token on the server, so the old token is useless even if copied.
 */
export function useInactivityTimeout(): void {
  const token = useSession((s) => s.accessToken);
  useEffect(() => {
    if (!token) return;
    if (readLastActivity() === null) recordActivity();
    let timer = 0;
    function expire() {
      void logout('inactive');
    }
    function schedule() {
      window.clearTimeout(timer);
      const remaining = (readLastActivity() ?? Date.now()) + INACTIVITY_TIMEOUT_MS - Date.now();
      if (remaining <= 0) expire();
      // Another tab may have seen activity meanwhile: when the timer fires, look at the stored time again.
      else timer = window.setTimeout(schedule, remaining);
    }
    function onActivity() {
      const now = Date.now();
      if (now - (readLastActivity() ?? 0) < ACTIVITY_THROTTLE_MS) return;
      recordActivity(now);
      schedule();
    }
    schedule();
    window.addEventListener('mousemove', onActivity);
    window.addEventListener('keydown', onActivity);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('mousemove', onActivity);
      window.removeEventListener('keydown', onActivity);
    };
  }, [token]);
}
