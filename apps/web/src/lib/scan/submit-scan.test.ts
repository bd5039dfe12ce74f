import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimScans, setGlobalScanRoute } from './scan-owners';
import { submitScan } from './submit-scan';

/** A camera scan goes where a wedge scan of the same value goes (scan-owners.ts). */
describe('submitScan', () => {
  const releases: (() => void)[] = [];
  afterEach(() => {
    for (const release of releases.splice(0)) release();
  });

  it('with no owner, goes to the global routes; with no global routes set, nobody takes it', () => {
    expect(submitScan('012345678905')).toBe(false);
    const route = vi.fn();
    releases.push(setGlobalScanRoute(route));
    expect(submitScan('012345678905')).toBe(true);
    expect(route).toHaveBeenCalledWith('012345678905');
  });

  it('a page gets first refusal; what it refuses goes to the global routes', () => {
    const route = vi.fn();
    releases.push(setGlobalScanRoute(route));
    const take = vi.fn((scan: string) => scan.startsWith('PLI='));
    releases.push(claimScans({ kind: 'page', take }));
    expect(submitScan('PLI=7')).toBe(true);
    expect(route).not.toHaveBeenCalled();
    expect(submitScan('SN1')).toBe(true);
    expect(take).toHaveBeenCalledTimes(2);
    expect(route).toHaveBeenCalledWith('SN1');
  });

  it('a scan dialog that expects no scan now takes nothing, and the global routes stay out', () => {
    const route = vi.fn();
    releases.push(setGlobalScanRoute(route));
    releases.push(claimScans({ kind: 'page', take: () => true }));
    releases.push(claimScans({ kind: 'scope', expected: () => null, fields: () => [] }));
    expect(submitScan('012345678905')).toBe(false);
    expect(route).not.toHaveBeenCalled();
  });

  it('an unset global route is forgotten only by its own setter', () => {
    const first = vi.fn();
    const second = vi.fn();
    const unsetFirst = setGlobalScanRoute(first);
    releases.push(setGlobalScanRoute(second));
    unsetFirst();
    submitScan('X1');
    expect(second).toHaveBeenCalledWith('X1');
    expect(first).not.toHaveBeenCalled();
  });
});
