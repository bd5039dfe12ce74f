import { lazy, Suspense } from 'react';

const LazyWelcomeCarousel = lazy(() =>
  import('./components/welcome-carousel').then((m) => ({ default: m.WelcomeCarousel })),
);

/**
 * The carousel feature's public entry: the saved carousel for the welcome page (002 §2 Home). Loaded on first use,
 * so neither it nor the contracts it reads join the shell's first download.
 */
export function WelcomeCarousel() {
  return (
    <Suspense fallback={null}>
      <LazyWelcomeCarousel />
    </Suspense>
  );
}
