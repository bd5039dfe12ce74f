import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OAUTH_ERRORS, type TGoogleSignIn, type TTokenRequest, type TTokenResponse } from '@keystone/contracts';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { HttpError, OAuthError, badRequest } from '../../http/errors.js';
import type { RequestAuth } from '../../http/register-route.js';
import { UsersRepository } from '../users/users.repository.js';
import type { GoogleTokenVerifier } from './google-verifier.js';
import { AuthRepository } from './auth.repository.js';
import { TokenCache } from '../../shared/token-cache.js';
import { dummyVerify, verifyPassword } from './password.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly google: GoogleTokenVerifier | null,
    private readonly now: () => Date = () => new Date(),
    /** Live tokens' answers for a few seconds (shared/token-cache.ts); off unless the caller passes one. */
    private readonly tokens: TokenCache<RequestAuth> = new TokenCache<RequestAuth>(0),
  ) {}

  /**
   * OAuth 2 password grant with the spec's error codes (000 §8) and throttling of repeated failures.
   *
   * Per username (an account being guessed): once its failures are used up, a try is refused 429 with Retry-After
   * before its password is checked, the right password too, so the refusal tells an attacker nothing.
   * Per client address (guesses sprayed over many usernames): past its failures, every try is still checked and the
   * right password signs in at once (a store behind one public address is not locked out by someone in it);
   * a wrong one is answered 401 only once the address's growing wait is over (docs/decisions.md "Per-address limit").
   */
  async passwordGrant(request: TTokenRequest, address?: string): Promise<TTokenResponse> {
    if (request.grant_type !== 'password') {
      throw new OAuthError(400, OAUTH_ERRORS.unsupportedGrantType, 'Only the password grant is supported');
    }
    if (
      !sameSecret(request.client_id, this.config.oauthClientId) ||
      !sameSecret(request.client_secret, this.config.oauthClientSecret)
    ) {
      throw new OAuthError(401, OAUTH_ERRORS.invalidClient, 'Client authentication failed');
    }
    const username = request.username.trim();
    const auth = new AuthRepository(this.db);
    const now = this.now();
    this.pruneNowAndThen(now);
    // The username's try takes its place atomically before the check; a refused one is not checked and so does not
    // count against the address either.
    const wait = await auth.reserveUsernameTry(username, {
      windowSeconds: this.config.loginWindowSeconds,
      maxFailures: this.config.loginMaxFailures,
      delaySeconds: this.config.loginDelaySeconds,
      maxDelaySeconds: this.config.loginMaxDelaySeconds,
    });
    if (wait !== null) {
      throw new OAuthError(429, OAUTH_ERRORS.tooManyAttempts, 'Too many failed sign-ins; try again later', {
        'retry-after': String(wait),
      });
    }
    // Counted against the address before the check (so parallel tries see each other), given back when right.
    const counted =
      address && this.config.loginAddressMaxFailures > 0
        ? await auth.countAddressTry(address, this.config.loginAddressWindowSeconds)
        : null;
    const slowDownMs = counted ? this.addressDelaySeconds(counted.failures) * 1000 : 0;
    const checkStarted = performance.now();
    const user = await new UsersRepository(this.db).findByUsername(username);
    let ok: boolean;
    if (user?.passwordHash && user.isActive) ok = await verifyPassword(user.passwordHash, request.password);
    // No such user: the dummy hash keeps the answer's time the same as a wrong password's. Past the address limit
    // the answer is held to the same moment after the check's start either way, so it is not spent there.
    else ok = slowDownMs > 0 ? false : await dummyVerify(request.password).then(() => false);
    await auth.recordAttempt(username, ok, now);
    if (!ok || !user) {
      if (slowDownMs > 0) await this.slowDown(checkStarted + slowDownMs - performance.now());
      throw new OAuthError(401, OAUTH_ERRORS.invalidCredentials, 'The username or password is wrong');
    }
    await auth.clearUsername(username);
    if (counted) await auth.releaseAddressTry(address!, counted.windowStartedAt);
    return this.issue(user);
  }

  /**
   * How long a wrong password's answer is held when it is the address's `failures`th try in its window: nothing up to
   * LOGIN_ADDRESS_MAX_FAILURES, then LOGIN_DELAY_SECONDS doubling with each further one up to LOGIN_MAX_DELAY_SECONDS.
   */
  private addressDelaySeconds(failures: number): number {
    const over = failures - this.config.loginAddressMaxFailures;
    if (over <= 0) return 0;
    return Math.min(this.config.loginMaxDelaySeconds, this.config.loginDelaySeconds * 2 ** Math.min(over - 1, 30));
  }

  /** Held answers, each with the function that ends its wait (at close, so a shutdown does not wait for them). */
  private readonly slowDowns = new Set<() => void>();
  private closing = false;

  private slowDown(ms: number): Promise<void> {
    if (ms <= 0 || this.closing) return Promise.resolve();
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.slowDowns.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.slowDowns.add(end);
    });
  }

  /** The server is closing: held wrong-password answers go now (still 401), and no new one is held. */
  endSlowDowns(): void {
    this.closing = true;
    for (const end of [...this.slowDowns]) end();
  }

  private lastPrune = 0;

  /** On write, at most once a minute per process: rows older than their window are deleted. */
  private pruneNowAndThen(now: Date): void {
    if (now.getTime() - this.lastPrune < 60_000) return;
    this.lastPrune = now.getTime();
    this.prune(now).catch(() => {
      /* best effort: the next sign-in a minute later tries again */
    });
  }

  async prune(now: Date = this.now()): Promise<void> {
    await new AuthRepository(this.db).prune(now, this.config.loginWindowSeconds, this.config.loginAddressWindowSeconds);
  }

  async googleSignIn(body: TGoogleSignIn): Promise<TTokenResponse> {
    if (!this.google) throw badRequest('Google sign-in is not configured on this server');
    let payload;
    try {
      payload = await this.google.verify(body.g_token);
    } catch (error) {
      throw new HttpError(401, `The Google ID token was refused: ${(error as Error).message}`);
    }
    const email = typeof payload.email === 'string' ? payload.email : '';
    if (
      payload.email_verified !== true ||
      email.toLowerCase() !== body.email.toLowerCase() ||
      payload.sub !== body.google_id
    ) {
      throw new HttpError(401, 'The Google ID token does not match the e-mail and Google id sent');
    }
    const user = await new UsersRepository(this.db).findByEmail(email);
    if (!user || !user.isActive) throw new HttpError(401, 'No user has this e-mail address');
    return this.issue(user);
  }

  private async issue(user: { id: number; username: string; role: string }): Promise<TTokenResponse> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + this.config.tokenTtlSeconds * 1000);
    await new AuthRepository(this.db).insertToken({ tokenHash: hashToken(token), userId: user.id, expiresAt });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: this.config.tokenTtlSeconds,
      username: user.username,
      role: user.role,
    };
  }

  async authenticate(token: string): Promise<RequestAuth | null> {
    const tokenHash = hashToken(token);
    const cached = this.tokens.get(tokenHash);
    if (cached) return cached;
    const row = await new AuthRepository(this.db).findLiveToken(tokenHash, this.now());
    if (!row) return null;
    const auth = { tokenHash, user: { id: row.userId, username: row.username, role: row.role } };
    this.tokens.set(tokenHash, auth, row.expiresAt);
    return auth;
  }

  async logout(tokenHash: string): Promise<void> {
    this.tokens.delete(tokenHash);
    await new AuthRepository(this.db).revokeToken(tokenHash, this.now());
    // Again once revoked: a request of this token that was being answered meanwhile may have cached it.
    this.tokens.delete(tokenHash);
  }
}
