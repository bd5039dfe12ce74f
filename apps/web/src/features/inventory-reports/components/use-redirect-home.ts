import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * A countdown to the home page: `begin()` starts it at `seconds`; it goes home at zero once `ready` (the download
 * finished: leaving earlier would cancel it), and stops with `stop()`. Answers the seconds left (null when idle).
 */
export function useRedirectHome(seconds: number, ready: boolean) {
  const navigate = useNavigate();
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      if (ready) void navigate('/');
      return;
    }
    const timer = setTimeout(() => setLeft((n) => (n === null ? null : n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left, ready, navigate]);
  return { left, begin: () => setLeft(seconds), stop: () => setLeft(null) };
}
