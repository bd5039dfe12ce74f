/**
 * The signed-in user behind an access token, remembered for a few seconds so that a scanner's stream of requests
 * does not look its token up in the database on every one (the token check was one of a scan's five or six
 * round trips). A cached answer never outlives the token, and every change that could make it wrong empties the
 * cache: in this process at once (logout, a role change), in every other process when the database's notification
 * arrives (triggers on access_tokens, users and roles notify channel `keystone_auth`, migration 0015), and after
 * `ttlMs` at the latest, even if a notification were lost. docs/decisions.md, "Token checks".
 */
/** The channel the triggers on access_tokens, users and roles notify (migration 0015). */
export const AUTH_CHANNEL = 'keystone_auth';

export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private enabled: boolean;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.enabled = ttlMs > 0;
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Turns the cache off for good (no way to hear other processes' changes) and forgets everything. */
  disable(): void {
    this.enabled = false;
    this.entries.clear();
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Remembers a live token's answer until `ttlMs` from now or the token's expiry, whichever comes first. */
  set(key: string, value: T, expiresAt: Date): void {
    if (!this.enabled) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (until <= this.now()) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      // The oldest entry goes (a Map iterates in insertion order).
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(key);
    this.entries.set(key, { value, until });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
