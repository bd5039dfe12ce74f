import { useEffect } from 'react';
import { useSession } from '../lib/session-store';

/** 4 hours without activity clears the token (000 §4, §9). */
export const INACTIVITY_TIMEOUT_MS = 14_400_000;
/** Activity resets the timer at most once per 30 seconds. */
export const ACTIVITY_THROTTLE_MS = 30_000;

/**
 * Signs out after the inactivity timeout. Mouse movement (and, for scanner users who never touch the
 * mouse, key presses) reset the timer, at most once per 30 s.
 */
export function useInactivityTimeout(): void {
  const token = useSession((s) => s.accessToken);
  useEffect(() => {
    if (!token) return;
    let timer = window.setTimeout(expire, INACTIVITY_TIMEOUT_MS);
    let lastReset = Date.now();
    function expire() {
      useSession.getState().signOut();
    }
    function onActivity() {
      const now = Date.now();
      if (now - lastReset < ACTIVITY_THROTTLE_MS) return;
      lastReset = now;
      window.clearTimeout(timer);
      timer = window.setTimeout(expire, INACTIVITY_TIMEOUT_MS);
    }
    window.addEventListener('mousemove', onActivity);
    window.addEventListener('keydown', onActivity);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('mousemove', onActivity);
      window.removeEventListener('keydown', onActivity);
    };
  }, [token]);
}
