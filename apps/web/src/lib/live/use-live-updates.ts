import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TLiveTopic } from '@keystone/contracts';
import { create } from 'zustand';
import { useSession } from '../session-store';
import { LiveConnection, type TLiveStatus } from './live-connection';

/** The live stream's state, for a screen's "Live" indicator. */
export const useLiveStatus = create<{ status: TLiveStatus }>(() => ({ status: 'idle' }));

let connection: LiveConnection | null = null;
function liveConnection(): LiveConnection {
  if (!connection) {
    connection = new LiveConnection({
      token: () => useSession.getState().accessToken,
      onStatus: (status) => useLiveStatus.setState({ status }),
    });
    let token = useSession.getState().accessToken;
    useSession.subscribe((state) => {
      if (state.accessToken === token) return;
      token = state.accessToken;
      connection?.refresh();
    });
  }
  return connection;
}

/** At most one reload per this interval while changes keep coming (the first one at once). */
export const LIVE_RELOAD_INTERVAL_MS = 250;

/** Calls `run` at once, then at most once per `intervalMs`, the last call always honoured. */
export function throttleTrailing(run: () => void, intervalMs: number): { call(): void; cancel(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call() {
      const wait = last + intervalMs - performance.now();
      if (wait <= 0) {
        last = performance.now();
        run();
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = undefined;
          last = performance.now();
          run();
        }, wait);
      }
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * Keeps a screen's query fresh without a reload: when the server says the topic's rows changed (another user,
 * another server process), the queries under `queryKey` are refetched.
 */
export function useLiveUpdates(topic: TLiveTopic, queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as QueryKey;
    const reload = throttleTrailing(
      () => void queryClient.invalidateQueries({ queryKey: key }),
      LIVE_RELOAD_INTERVAL_MS,
    );
    const unsubscribe = liveConnection().subscribe(topic, reload.call);
    return () => {
      reload.cancel();
      unsubscribe();
    };
  }, [queryClient, topic, keyText]);
}
