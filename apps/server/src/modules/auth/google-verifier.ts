import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** Verifies a Google ID token; the real implementation checks it against Google's (or a configured) JWKS. */
export interface GoogleTokenVerifier {
  verify(idToken: string): Promise<JWTPayload>;
}

export function createJwksGoogleVerifier(options: {
  jwksUrl: string;
  audience: string;
  issuer: string;
}): GoogleTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return {
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, jwks, { audience: options.audience, issuer: options.issuer });
      return payload;
    },
  };
}
