import { eq, inArray, sql } from "drizzle-orm";
import { db, schema, type Database } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";

/**
 * The guest's language on their profile (`profile.language`), which every e-mail about their
 * bookings is written in – also the ones sent later by an admin or a job, when no request (and
 * so no language cookie) is there to ask (decision 066). It follows the language the guest uses
 * the site in: the language switch while signed in, the sign-in and registration (when a
 * language was chosen before), and each booking (the language it was made in).
 */
type Executor = Pick<Database, "update">;

export async function rememberLanguage(
  userId: string,
  language: Language,
  /** the transaction of the change it belongs to (a booking) */
  executor: Executor = db(),
): Promise<void> {
  await executor.update(schema.profile).set({ language }).where(eq(schema.profile.id, userId));
}

/** The same for an account known by its e-mail (right after sign-in or registration). */
export async function rememberLanguageOf(email: string, language: Language): Promise<void> {
  await db()
    .update(schema.profile)
    .set({ language })
    .where(
      inArray(
        schema.profile.id,
        db()
          .select({ id: schema.user.id })
          .from(schema.user)
          .where(sql`lower(${schema.user.email}) = lower(${email})`),
      ),
    );
}
