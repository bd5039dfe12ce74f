import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { classifyScan, WedgeScanDetector } from '@keystone/contracts';
import { callApi } from '../lib/api-client';
import { useMessageQueue } from '../lib/message-queue';
import { useCurrentLocation } from '../lib/queries';
import { loadShellRoutes } from '../lib/load-shell-routes';
import { currentScanOwner, isEditableTarget, setGlobalScanRoute } from '../lib/scan/scan-owners';
import { stripWedge } from '../lib/scan/wedge-affixes';

/** What the global router says when a scan is taken for a serial number that does not exist. */
export const unknownSerialMessage = (serial: string) => `No serial number ${serial} was found.`;

/**
 * Global scan handling, active on any screen (000 §2): keyboard-wedge scans outside form fields route
 * BINASSIGN=, PLI=, UPCs (looked up including inactive items) and serials. An open scan dialog owns every scan
 * (the router stays out); a page that claimed scans (the PO page: a UPC of one of its lines) gets first refusal.
 */
export function GlobalScanHandler() {
  const navigate = useNavigate();
  const location = useCurrentLocation();
  // Refs, so the listener (and the detector's half-typed buffer) survives re-renders.
  const locationRef = useRef(location);
  locationRef.current = location;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const detector = new WedgeScanDetector();
    const navigate = (to: string) => navigateRef.current(to);
    async function route(scan: string) {
      const target = classifyScan(scan, locationRef.current);
      switch (target.kind) {
        case 'bin-assign':
          navigate(
            `/inventory/bins/assignment/${encodeURIComponent(target.locationCode)}/${encodeURIComponent(target.binName)}`,
          );
          return;
        case 'pick-item':
          navigate(`/pick-item/${encodeURIComponent(target.pickListItemId)}`);
          return;
        case 'upc': {
          const { productByUpcRoute } = await loadShellRoutes();
          const found = await callApi(productByUpcRoute, {
            query: { upc: target.upc, exact: '1', includeInactive: '1' },
          }).catch(() => null);
          const model = found?.data[0]?.model;
          navigate(
            model
              ? `/inventory/detail/model/${encodeURIComponent(model)}`
              : `/inventory/search?searchBy=upc&searchValue=${encodeURIComponent(target.upc)}`,
          );
          return;
        }
        case 'serial': {
          const { serialSearchRoute } = await loadShellRoutes();
          const found = await callApi(serialSearchRoute, {
            query: { serial: target.serial, includeInactive: '1' },
            silent: true,
          }).catch(() => null);
          const hit = found?.data.find((s) => s.serial_number.toUpperCase() === target.serial.toUpperCase());
          if (hit) navigate(`/inventory-serials/${hit.id}`);
          else
            useMessageQueue.getState().push({
              type: 'errors',
              status: found ? 'Not Found' : 'No response',
              message: found
                ? unknownSerialMessage(target.serial)
                : `The search for serial number ${target.serial} got no response.`,
            });
          return;
        }
        case 'ignored':
          return;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      const owner = currentScanOwner();
      if (owner?.kind === 'scope' || isEditableTarget(event.target)) {
        detector.reset();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const pushed = detector.push(event.key, event.timeStamp);
      const scan = pushed && stripWedge(pushed);
      if (scan) {
        event.preventDefault();
        if (owner?.kind === 'page' && owner.take(scan)) return;
        void route(scan);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    // A camera scan that no owner takes goes the same way (lib/scan/submit-scan.ts).
    const unsetRoute = setGlobalScanRoute((scan) => void route(scan));
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      unsetRoute();
    };
  }, []);

  return null;
}
