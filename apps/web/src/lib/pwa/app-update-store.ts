import { create } from 'zustand';

/**
 * A new release of the app is installed and waits (the service worker's `registerType: 'prompt'`): `reload` takes
 * it. Set by register-service-worker.ts; the shell's prompt reads it.
 */
export const useAppUpdate = create<{ reload: (() => void) | null }>(() => ({ reload: null }));
