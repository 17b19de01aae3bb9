/** Asks reCAPTCHA whether a token came from a person; false on any doubt. */
export type RecaptchaVerifier = (secret: string, token: string, ip: string) => Promise<boolean>;

export function createRecaptchaVerifier(verifyUrl: string): RecaptchaVerifier {
  return async (secret, token, ip) => {
    try {
      const res = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { success?: boolean; score?: number };
      // v3 tokens carry a score; v2 tokens only success.
      return body.success === true && (body.score === undefined || body.score >= 0.5);
    } catch {
      return false;
    }
  };
}
