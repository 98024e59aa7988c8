import crypto from "node:crypto";
import { and, eq, gt, like, lte, or, sql } from "drizzle-orm";
import { db, schema, type Database } from "~/lib/db.server";

/**
 * Single-use tokens that travel only in a link e-mailed to an account's address: the password
 * reset and the address confirmation (decision 077). The token is 32 random bytes; the
 * `verification` table keeps only its SHA-256 (identifier "<purpose>:<hash>", value = the user
 * id) until it expires. The plain token lives only in the queued e-mail, whose template marks it
 * secret, so the outbox blanks it once the e-mail is sent or given up: no database dump holds a
 * usable link.
 */
export type MailedTokenPurpose = "password-reset" | "address-confirm";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const v = schema.verification;
const identifierOf = (purpose: MailedTokenPurpose, token: string) =>
  `${purpose}:${hashMailedToken(token)}`;

export const hashMailedToken = (token: string) =>
  crypto.createHash("sha256").update(token, "utf8").digest("hex");

export const newMailedToken = () => crypto.randomBytes(32).toString("base64url");

/**
 * Stores a new token's hash for the user, valid for `lifetimeSeconds`. Only the newest link of a
 * purpose works: the user's older tokens of it are deleted, and so are everyone's expired ones of
 * it (nothing else clears them). Call it in the transaction that queues the e-mail with the token.
 */
export async function storeMailedToken(
  tx: Tx,
  input: { purpose: MailedTokenPurpose; userId: string; token: string; lifetimeSeconds: number },
) {
  await tx
    .delete(v)
    .where(
      and(
        like(v.identifier, `${input.purpose}:%`),
        or(eq(v.value, input.userId), lte(v.expiresAt, sql`now()`)),
      ),
    );
  await tx.insert(v).values({
    identifier: identifierOf(input.purpose, input.token),
    value: input.userId,
    expiresAt: sql`now() + make_interval(secs => ${input.lifetimeSeconds})`,
  });
}

/**
 * The user a token that still works belongs to, or null (unknown, used or expired). Reads only:
 * for a GET, which mail scanners make too.
 */
export async function mailedTokenOwner(purpose: MailedTokenPurpose, token: string) {
  if (!token) return null;
  const [row] = await db()
    .select({ userId: v.value })
    .from(v)
    .where(and(eq(v.identifier, identifierOf(purpose, token)), gt(v.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

/**
 * Uses the token up (deletes it) inside the transaction of what it allows, and returns its user;
 * null when it is unknown, used or expired, or (with `userId`) belongs to another user, in which
 * case it stays. Two concurrent uses: only one finds the row it deletes.
 */
export async function takeMailedToken(
  tx: Tx,
  input: { purpose: MailedTokenPurpose; token: string; userId?: string },
) {
  const [row] = await tx
    .delete(v)
    .where(
      and(
        eq(v.identifier, identifierOf(input.purpose, input.token)),
        gt(v.expiresAt, sql`now()`),
        input.userId === undefined ? undefined : eq(v.value, input.userId),
      ),
    )
    .returning({ userId: v.value });
  return row?.userId ?? null;
}
