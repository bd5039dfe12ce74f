import { callApi } from '../api-client';
import { loadShellRoutes } from '../load-shell-routes';
import { selectedLocationCode, useLocationIndex } from '../location-store';
import { useWedgeAffixes } from './wedge-affixes';

/**
 * Reads the sites' scan settings and keeps the selected site's wedge prefix and suffix for the scan fields (every
 * saved site's under All Locations), again when another site is selected. Loaded after the shell starts; a failed
 * read (offline before the first one) leaves the scans as they come.
 */
export async function loadWedgeSettings(): Promise<void> {
  const { listScanSettingsRoute, listLocationsRoute } = await loadShellRoutes();
  const [settings, locations] = await Promise.all([
    callApi(listScanSettingsRoute, { silent: true }),
    callApi(listLocationsRoute, { silent: true }),
  ]);
  const codes = locations.data.map((l) => l.location_code);
  const apply = () => {
    const site = selectedLocationCode(codes, useLocationIndex.getState().index);
    useWedgeAffixes.setState({
      affixes: settings.data
        .filter((s) => (s.wedge_prefix || s.wedge_suffix) && (!site || s.location_code === site))
        .map((s) => ({ prefix: s.wedge_prefix, suffix: s.wedge_suffix })),
    });
  };
  apply();
  useLocationIndex.subscribe(apply);
}
