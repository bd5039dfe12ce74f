import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { classifyScan, WedgeScanDetector } from '@keystone/contracts';
import { callApi } from '../lib/api-client';
import { useCurrentLocation } from '../lib/queries';

/** A key typed into a form field belongs to that field and must never also trigger navigation. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Global scan handling, active on any screen (000 §2): keyboard-wedge scans outside form fields route
 * BINASSIGN=, PLI=, UPCs (looked up including inactive items) and serials.
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
          navigate(`/inventory/bins/assignment/${encodeURIComponent(target.locationCode)}/${encodeURIComponent(target.binName)}`);
          return;
        case 'pick-item':
          navigate(`/pick-item/${encodeURIComponent(target.pickListItemId)}`);
          return;
        case 'upc': {
          const { productByUpcRoute } = await import('../lib/shell-routes');
          const found = await callApi(productByUpcRoute, { query: { upc: target.upc, exact: '1', includeInactive: '1' } }).catch(() => null);
          const model = found?.data[0]?.model;
          navigate(model ? `/inventory/detail/model/${encodeURIComponent(model)}` : `/inventory/search?searchBy=upc&searchValue=${encodeURIComponent(target.upc)}`);
          return;
        }
        case 'serial': {
          const { serialSearchRoute } = await import('../lib/shell-routes');
          const found = await callApi(serialSearchRoute, { query: { serial: target.serial, includeInactive: '1' } }).catch(() => null);
          const hit = found?.data.find((s) => s.serial_number.toUpperCase() === target.serial.toUpperCase());
          if (hit) navigate(`/inventory-serials/${hit.id}`);
          return;
        }
        case 'ignored':
          return;
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (isEditableTarget(event.target)) {
        detector.reset();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const scan = detector.push(event.key, event.timeStamp);
      if (scan) {
        event.preventDefault();
        void route(scan);
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return null;
}
