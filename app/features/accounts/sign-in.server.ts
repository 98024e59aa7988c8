import { isAPIError } from "better-auth/api";
import { getAuth } from "~/lib/auth.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { clearRateLimit, hitRateLimit, releaseRateLimit } from "~/lib/rate-limit.server";
import { rememberLanguageOf } from "./language.server";

/**
 * Limits per client address and per account (spec 05), counted in the database. Both count
 * failed attempts: guessing is what they stop, while guests behind one address (a hotel, an
 * office, a family) can sign in as often as they need.
 */
export const SIGN_IN_LIMITS = {
  perClient: { max: 30, windowSeconds: 15 * 60 },
  perAccountFailures: { max: 8, windowSeconds: 15 * 60 },
  registerPerClient: { max: 10, windowSeconds: 60 * 60 },
};

export type AuthResult =
  | { ok: true; headers: Headers }
  | {
      ok: false;
      error: "invalidCredentials" | "tooManyAttempts" | "registrationFailed" | "emailTaken";
    };

export type LimitedPasswordCheck<T> =
  { ok: true; value: T } | { ok: false; error: "tooManyAttempts" | "wrongPassword" };

/**
 * Runs a password check under the sign-in limits. While the client address or the account is
 * over its limit the password is not checked at all; a wrong one (`check` gives null) counts
 * against both, a right one clears the account's failures. Sign-in and every re-check of the
 * current password (password change, account deletion) share these counters, so none of them
 * is a way around the others' lockout.
 *
 * The attempt is counted in the database BEFORE the password is checked, in one atomic
 * statement per key: reading the counters first and counting only after the (slow, scrypt)
 * check let a burst of parallel guesses all read "not limited" and all be tried (audit 19,
 * finding 3). What turns out not to be a failure is given back afterwards: a refused attempt on
 * both keys, a right password on the client key (guests behind one address may sign in as often
 * as they need), and the account's failures are cleared as before.
 */
export async function withSignInLimits<T>(
  input: { email: string; clientIp: string },
  check: () => Promise<T | null>,
): Promise<LimitedPasswordCheck<T>> {
  const clientKey = `sign-in:client:${input.clientIp}`;
  const accountKey = `sign-in:account:${input.email.trim().toLowerCase()}`;
  const [client, account] = await Promise.all([
    hitRateLimit(clientKey, SIGN_IN_LIMITS.perClient.max, SIGN_IN_LIMITS.perClient.windowSeconds),
    hitRateLimit(
      accountKey,
      SIGN_IN_LIMITS.perAccountFailures.max,
      SIGN_IN_LIMITS.perAccountFailures.windowSeconds,
    ),
  ]);
  if (client.isLimited || account.isLimited) {
    // Not tried, so not a failure: the counters keep counting failures only.
    await Promise.all([releaseRateLimit(clientKey), releaseRateLimit(accountKey)]);
    return { ok: false, error: "tooManyAttempts" };
  }
  // A check that throws stays counted, as a failure.
  const value = await check();
  if (value !== null) {
    await Promise.all([clearRateLimit(accountKey), releaseRateLimit(clientKey)]);
    return { ok: true, value };
  }
  return { ok: false, error: "wrongPassword" };
}

/** Signs in with e-mail and password; never tells whether the e-mail or the password was wrong. */
export async function signIn(input: {
  email: string;
  password: string;
  clientIp: string;
  headers: Headers;
  /** The language the visitor chose on the site (cookie), null when none: the profile keeps its own. */
  language?: Language | null;
}): Promise<AuthResult> {
  const email = input.email.trim().toLowerCase();
  const result = await withSignInLimits({ email, clientIp: input.clientIp }, async () => {
    try {
      const { headers } = await getAuth().api.signInEmail({
        body: { email, password: input.password, rememberMe: true },
        headers: input.headers,
        returnHeaders: true,
      });
      return headers;
    } catch (error) {
      if (!isAPIError(error)) logger.error({ err: error }, "sign-in failed unexpectedly");
      return null;
    }
  });
  if (result.ok) {
    // A guest who switched the site to English before signing in gets their e-mails in English.
    if (input.language) await rememberLanguageOf(email, input.language);
    return { ok: true, headers: result.value };
  }
  return {
    ok: false,
    error: result.error === "tooManyAttempts" ? "tooManyAttempts" : "invalidCredentials",
  };
}

/** Creates an account (with its profile, see auth.server.ts) and signs it in. */
export async function register(input: {
  name: string;
  email: string;
  password: string;
  clientIp: string;
  headers: Headers;
  /** The site's language when registering: the new profile's language (decision 066). */
  language?: Language;
}): Promise<AuthResult> {
  const limit = await hitRateLimit(
    `register:client:${input.clientIp}`,
    SIGN_IN_LIMITS.registerPerClient.max,
    SIGN_IN_LIMITS.registerPerClient.windowSeconds,
  );
  if (limit.isLimited) return { ok: false, error: "tooManyAttempts" };
  try {
    const { headers } = await getAuth().api.signUpEmail({
      body: { name: input.name, email: input.email, password: input.password },
      headers: input.headers,
      returnHeaders: true,
    });
    if (input.language && input.language !== "de")
      await rememberLanguageOf(input.email, input.language);
    return { ok: true, headers };
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code ?? "";
      // A sign-up form must reveal a taken address; it points to sign-in and reset, nothing more.
      if (code.includes("ALREADY_EXISTS")) return { ok: false, error: "emailTaken" };
      logger.warn({ code }, "registration rejected");
    } else {
      logger.error({ err: error }, "registration failed unexpectedly");
    }
    return { ok: false, error: "registrationFailed" };
  }
}
