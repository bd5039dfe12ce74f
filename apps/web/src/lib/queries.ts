import { useQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { useSession } from './session-store';
import { loadShellRoutes } from './load-shell-routes';
import { selectedLocationCode, useLocationIndex } from './location-store';

/** Locations for the switcher; every screen that needs "the user's current location" reads this. */
export function useLocations() {
  const token = useSession((s) => s.accessToken);
  return useQuery({
    queryKey: ['locations'],
    queryFn: async () => callApi((await loadShellRoutes()).listLocationsRoute, {}),
    enabled: !!token,
    staleTime: 5 * 60_000,
    select: (r) => r.data.map((l) => l.location_code),
  });
}

export function useCurrentLocation(): string | null {
  const { data } = useLocations();
  const index = useLocationIndex((s) => s.index);
  return selectedLocationCode(data ?? [], index);
}
