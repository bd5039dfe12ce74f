import { create } from 'zustand';
import { DEFAULT_ROLE, hasPermission, isSuperUser, type TPermission } from '@keystone/contracts';
import { clearOfflineReads } from './pwa/offline-data';

/** Local storage keys the client owns (logout clears local storage as a whole). */
export const STORAGE_KEYS = {
  session: 'keystone.session',
  locationIndex: 'storageLocationIndex',
  superUser: (username: string) => `superUser:${username}`,
  role: (username: string) => `role:${username}`,
  viewAsRole: (username: string) => `viewAsRole:${username}`,
  /** Epoch ms of the last activity, so the 4-hour inactivity timeout (000 §4) survives a reload. */
  lastActivity: 'keystone.lastActivityAt',
  /**
   * Why the last session ended by itself, kept past the clear so that the login page says so after a reload too
   * (the 401 that ended it may come to another page load or tab than the one that shows the login page).
   */
  signOutReason: 'keystone.signOutReason',
} as const;

/** Why the session ended without the user asking: the login screen says so. */
export type TSignOutReason = 'expired' | 'inactive';
export const SIGN_OUT_MESSAGES: Record<TSignOutReason, string> = {
  expired: 'Your session has expired. Please sign in again.',
  inactive: 'You were signed out after 4 hours without activity. Please sign in again.',
};

export function readLastActivity(): number | null {
  const n = Number(localStorage.getItem(STORAGE_KEYS.lastActivity));
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function recordActivity(at = Date.now()): void {
  localStorage.setItem(STORAGE_KEYS.lastActivity, String(at));
}

interface StoredSession {
  accessToken: string;
  username: string;
}

export interface SessionState {
  accessToken: string | null;
  username: string | null;
  /** The role the server answers for the user. */
  role: string | null;
  /** A super user may view the app as another role (client side only). */
  viewAsRole: string | null;
  /** Set when the session ended by itself (expired token, inactivity); cleared by the next sign-in. */
  signOutReason: TSignOutReason | null;
  signIn(input: { accessToken: string; username: string; role: string }): void;
  setRole(role: string): void;
  setViewAsRole(role: string | null): void;
  /** Forget everything: storage cleared, state reset; a reason is shown on the login screen. */
  signOut(reason?: TSignOutReason): void;
}

function readStoredSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.session);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

const stored = typeof localStorage === 'undefined' ? null : readStoredSession();

function readSignOutReason(): TSignOutReason | null {
  if (typeof localStorage === 'undefined' || stored) return null;
  const value = localStorage.getItem(STORAGE_KEYS.signOutReason);
  return value === 'expired' || value === 'inactive' ? value : null;
}

export const useSession = create<SessionState>((set, get) => ({
  accessToken: stored?.accessToken ?? null,
  username: stored?.username ?? null,
  role: stored ? localStorage.getItem(STORAGE_KEYS.role(stored.username)) : null,
  viewAsRole: stored ? localStorage.getItem(STORAGE_KEYS.viewAsRole(stored.username)) : null,
  signOutReason: readSignOutReason(),
  signIn({ accessToken, username, role }) {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken, username } satisfies StoredSession));
    localStorage.removeItem(STORAGE_KEYS.signOutReason);
    recordActivity();
    localStorage.setItem(STORAGE_KEYS.role(username), role);
    if (isSuperUser(role)) localStorage.setItem(STORAGE_KEYS.superUser(username), '1');
    else localStorage.removeItem(STORAGE_KEYS.superUser(username));
    set({
      accessToken,
      username,
      role,
      viewAsRole: localStorage.getItem(STORAGE_KEYS.viewAsRole(username)),
      signOutReason: null,
    });
  },
  setRole(role) {
    const { username } = get();
    if (username) {
      localStorage.setItem(STORAGE_KEYS.role(username), role);
      if (isSuperUser(role)) localStorage.setItem(STORAGE_KEYS.superUser(username), '1');
    }
    set({ role });
  },
  setViewAsRole(viewAsRole) {
    const { username } = get();
    if (username) {
      if (viewAsRole) localStorage.setItem(STORAGE_KEYS.viewAsRole(username), viewAsRole);
      else localStorage.removeItem(STORAGE_KEYS.viewAsRole(username));
    }
    set({ viewAsRole });
  },
  signOut(reason) {
    localStorage.clear();
    clearOfflineReads();
    if (reason) localStorage.setItem(STORAGE_KEYS.signOutReason, reason);
    set({ accessToken: null, username: null, role: null, viewAsRole: null, signOutReason: reason ?? null });
  },
}));

/** The super-user flag, stored in local storage per username (000 §6). */
export function isSuperUserSession(state: Pick<SessionState, 'username'>): boolean {
  return !!state.username && localStorage.getItem(STORAGE_KEYS.superUser(state.username)) === '1';
}

/** The role the screens act as: the viewed-as role for a super user, else the user's own (default user). */
export function effectiveRole(state: Pick<SessionState, 'role' | 'viewAsRole' | 'username'>): string {
  if (state.viewAsRole && isSuperUserSession(state)) return state.viewAsRole;
  return state.role ?? DEFAULT_ROLE;
}

export function useEffectiveRole(): string {
  return useSession((s) => effectiveRole(s));
}

/** Whether the acting role holds a permission; screens use it to hide what the role cannot do. */
export function useCan(permission: TPermission): boolean {
  const role = useEffectiveRole();
  return hasPermission(role, permission);
}
