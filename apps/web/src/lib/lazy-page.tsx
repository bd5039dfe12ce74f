import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A lazily loaded screen; `preload()` starts fetching it before it renders (main.tsx, for the first page). */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload(): void };

/**
 * A screen loaded on first use: its module (and whatever only it imports) becomes a chunk of its own, fetched
 * when the route first renders; the shell's Suspense fallback shows until then.
 *
 *   const InvoicesPage = lazyPage(() => import('./components/invoices-page'), 'InvoicesPage');
 *
 * A screen with MUI X date pickers says `{ datePickers: true }`: their localization provider (and dayjs) is
 * then fetched alongside the screen, in parallel, and wraps it. Nothing else in the app provides it.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  options: { datePickers?: boolean } = {},
): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => (loading ??= fetchScreen());
  const fetchScreen = async (): Promise<{ default: ComponentType }> => {
    const [module, dates] = await Promise.all([load(), options.datePickers ? import('./date-localization') : null]);
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
  return Object.assign(lazy(start), { preload: () => void start() });
}
