import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  inventorySearchRoute,
  inventorySerialHistoryRoute,
  productHistoryRoute,
  SERIAL_SEARCH_MIN_LENGTH,
  SIMULATION_HISTORY_TIMEOUT_MS,
  type TFinalInventoryRow,
  type TSimulationEvent,
  type TSimulationEventsSummary,
  type TSimulationHistoryPage,
} from '@keystone/contracts';
import { ApiCallError, callApi, serverMessage } from '../../../lib/api-client';

export type SimulationStatus = 'loading' | 'done' | 'cancelled' | 'error';

export interface SimulationState {
  status: SimulationStatus;
  product: { id: number; model: string; product_title: string } | null;
  pagesLoaded: number;
  eventsLoaded: number;
  totalEvents: number | null;
  events: TSimulationEvent[];
  summary: TSimulationEventsSummary | null;
  final: TFinalInventoryRow[] | null;
  error: { status: number | null; message: string } | null;
}

const INITIAL: SimulationState = {
  status: 'loading',
  product: null,
  pagesLoaded: 0,
  eventsLoaded: 0,
  totalEvents: null,
  events: [],
  summary: null,
  final: null,
  error: null,
};

/** A signal that aborts with `outer`, or by itself after `ms` (001 §9: each history request times out at 120 s). */
function withTimeout(outer: AbortSignal, ms: number): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const abort = () => controller.abort(outer.reason);
  outer.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The history request took longer than ${ms / 1000} s.`, 'TimeoutError')),
    ms,
  );
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      outer.removeEventListener('abort', abort);
    },
  };
}

/**
 * The model's history paged from the server until done (001 §2, §7): page 1, 2, … each keyed on the page before's
 * last event, each request with its own 120 s timeout. Progress is kept per page; Cancel stops after the request in
 * flight is aborted and keeps what has arrived. `pageSize` (tests) asks for smaller pages.
 */
export function useSimulationHistory(model: string | null, pageSize?: number) {
  const [state, setState] = useState<SimulationState>(INITIAL);
  const controller = useRef<AbortController | null>(null);
  /** The events received so far (kept out of state until done or cancelled: 100,000 rows are set once). */
  const loaded = useRef<TSimulationEvent[]>([]);
  const [run, setRun] = useState(0);

  useEffect(() => {
    if (!model) return;
    const abort = new AbortController();
    controller.current = abort;
    const events: TSimulationEvent[] = [];
    loaded.current = events;
    setState(INITIAL);
    void (async () => {
      let after: number | null = null;
      for (let page = 1; ; page++) {
        const timed = withTimeout(abort.signal, SIMULATION_HISTORY_TIMEOUT_MS);
        try {
          const body: TSimulationHistoryPage = await callApi(productHistoryRoute, {
            query: { model, page, ...(after !== null ? { after } : {}), ...(pageSize ? { pageSize } : {}) },
            signal: timed.signal,
            silent: true,
          });
          events.push(...body.inventory_history);
          after = body.next_after;
          if (abort.signal.aborted) return;
          setState((s) => ({
            ...s,
            product: body.product,
            pagesLoaded: page,
            eventsLoaded: events.length,
            totalEvents: body.total_events ?? s.totalEvents,
            ...(body.done
              ? {
                  status: 'done' as const,
                  events: events.slice(),
                  summary: body.events_summary,
                  final: body.final_inventory_history,
                }
              : {}),
          }));
          if (body.done || after === null) return;
        } catch (error) {
          if (abort.signal.aborted) return;
          const timedOut = timed.signal.aborted;
          setState((s) => ({
            ...s,
            status: 'error',
            events: events.slice(),
            error: {
              status: error instanceof ApiCallError ? error.status : null,
              message: timedOut
                ? `Page ${page} took longer than ${SIMULATION_HISTORY_TIMEOUT_MS / 1000} s.`
                : (serverMessage(error) ?? 'There was an error.'),
            },
          }));
          return;
        } finally {
          timed.clear();
        }
      }
    })();
    return () => abort.abort();
  }, [model, pageSize, run]);

  const cancel = useCallback(() => {
    const c = controller.current;
    if (!c || c.signal.aborted) return;
    c.abort();
    setState((s) => (s.status === 'loading' ? { ...s, status: 'cancelled', events: loaded.current.slice() } : s));
  }, []);
  const restart = useCallback(() => setRun((n) => n + 1), []);
  return { state, cancel, restart };
}

/** The serials of an exact serial number (any product, sold or not): the serial page's lookup through the search. */
export function useSerialsByNumber(serial: string | null) {
  return useQuery({
    queryKey: ['simulation', 'serial', serial],
    queryFn: async ({ signal }) =>
      (
        await callApi(inventorySearchRoute, {
          query: { serial: serial!, exact: '1', includeInactive: '1' },
          signal,
          silent: true,
        })
      ).serials,
    enabled: !!serial && serial.length >= SERIAL_SEARCH_MIN_LENGTH,
    retry: false,
  });
}

export function useSerialHistoryOf(id: number) {
  return useQuery({
    queryKey: ['simulation', 'serial-history', id],
    queryFn: async ({ signal }) =>
      (await callApi(inventorySerialHistoryRoute, { params: { id }, signal, silent: true })).data,
    retry: false,
  });
}
