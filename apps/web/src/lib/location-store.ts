import { create } from 'zustand';
import { getContrastRatio } from '@mui/material/styles';
import { ALL_LOCATIONS_LABEL, DEMO_LOCATIONS } from '@keystone/contracts';
import { STORAGE_KEYS } from './session-store';

/** The selected location, stored in local storage as an index (0 = All Locations) and restored (000 §4). */
interface LocationState {
  index: number;
  setIndex(index: number): void;
}

function storedIndex(): number {
  const n = Number(typeof localStorage === 'undefined' ? 0 : localStorage.getItem(STORAGE_KEYS.locationIndex));
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

export const useLocationIndex = create<LocationState>((set) => ({
  index: storedIndex(),
  setIndex(index) {
    localStorage.setItem(STORAGE_KEYS.locationIndex, String(index));
    set({ index });
  },
}));

export function locationOptions(codes: readonly string[]): string[] {
  return [ALL_LOCATIONS_LABEL, ...codes];
}

/** The selected location code, or null for All Locations (or an index past the list). */
export function selectedLocationCode(codes: readonly string[], index: number): string | null {
  return index > 0 ? (codes[index - 1] ?? null) : null;
}

/** Brand colour of a location (000 §9); the default primary colour otherwise. */
export function locationColour(code: string | null): string {
  return DEMO_LOCATIONS.find((l) => l.location_code === code)?.colour ?? '#1f3a5f';
}

/** The app bar's text colour on a location's colour: white where it keeps a contrast of 4.5, dark text otherwise. */
export function locationTextColour(colour: string): string {
  return getContrastRatio(colour, '#fff') >= 4.5 ? '#fff' : 'rgba(0, 0, 0, 0.87)';
}
