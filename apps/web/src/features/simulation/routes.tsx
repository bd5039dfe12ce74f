import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';

const SimulationPage = lazyPage(() => import('./components/simulation-page'), 'SimulationPage');
const SerialSimulationPage = lazyPage(() => import('./components/serial-simulation-page'), 'SerialSimulationPage');

/** The inventory events simulation and a serial's history replayed (001 §2), each loaded on first use. */
export const SIMULATION_ROUTES: Partial<Record<string, ReactNode>> = {
  '/inventory/simulation': <SimulationPage />,
  '/inventory/simulation/serial/:serial': <SerialSimulationPage />,
};
