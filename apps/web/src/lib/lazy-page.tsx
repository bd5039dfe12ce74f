import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * A lazily loaded screen; `preload()` starts fetching it before it renders (main.tsx, for the first page). Given
 * the query client, the screen's first reads (`reads`) start too, as soon as its module arrives.
 */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(client?: QueryClient): void };

/**
 * A screen loaded on first use: its module (and whatever only it imports) becomes a chunk of its own, fetched
 * when the route first renders; the shell's Suspense fallback shows until then.
 *
 *   const InvoicesPage = lazyPage(() => import('./components/invoices-page'), 'InvoicesPage');
 *
 * A screen with MUI X date pickers says `{ datePickers: true }`: their localization provider (and dayjs) is
 * then fetched alongside the screen, in parallel, and wraps it. Nothing else in the app provides it.
 *
 * A screen may name its first reads (`reads`: prefetches into the query client, with the same query options its
 * hooks use): when it is the first page, they start as its module arrives, while React is still rendering down to
 * it, instead of from its effects after the first commit (docs/performance.md, "Lighthouse desktop on the PO list").
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  options: { datePickers?: boolean; reads?: (module: M, client: QueryClient) => void } = {},
): LazyScreen {
  let loadingModule: Promise<M> | null = null;
  const loadModule = () => (loadingModule ??= load());
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => (loading ??= fetchScreen());
  const fetchScreen = async (): Promise<{ default: ComponentType }> => {
    const [module, dates] = await Promise.all([
      loadModule(),
      options.datePickers ? import('./date-localization') : null,
    ]);
    const Screen: ComponentType = module[name];
    if (!dates) return { default: Screen };
    const { DateLocalization } = dates;
    return {
      default: function WithDatePickers() {
        return (
          <DateLocalization>
            <Screen />
          </DateLocalization>
        );
      },
    };
  };
  const preload = (client?: QueryClient) => {
    void start();
    const { reads } = options;
    if (client && reads)
      loadModule().then(
        (module) => reads(module, client),
        () => undefined,
      );
  };
  return Object.assign(lazy(start), { preload });
}
