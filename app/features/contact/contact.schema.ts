import { z } from "zod";

export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SUBJECT_MAX = 200;
const NAME_MAX = 100;

/** Messages are catalogue keys (contact.errors.*) so browser and server show the same text. */
export const contactSchema = z.object({
  firstName: z.string().trim().min(1, "firstNameRequired").max(NAME_MAX, "nameTooLong"),
  lastName: z.string().trim().min(1, "lastNameRequired").max(NAME_MAX, "nameTooLong"),
  email: z
    .string()
    .trim()
    .min(1, "emailRequired")
    .max(254, "emailInvalid")
    .pipe(z.email("emailInvalid")),
  subject: z.string().trim().min(1, "subjectRequired").max(CONTACT_SUBJECT_MAX, "subjectTooLong"),
  message: z.string().trim().min(1, "messageRequired").max(CONTACT_MESSAGE_MAX, "messageTooLong"),
});

export type ContactValues = z.output<typeof contactSchema>;
export type ContactField = keyof ContactValues;
export const CONTACT_FIELDS = ["firstName", "lastName", "email", "subject", "message"] as const;

/** `?subject=` from the "Anfragen" buttons: one line, trimmed, at most 200 characters. */
export function subjectFromQuery(value: string | null) {
  if (!value) return "";
  return (
    value
      // eslint-disable-next-line no-control-regex -- control characters are exactly what we drop
      .replace(/[\u0000-\u001f\u007f]+/g, " ")
      .trim()
      .slice(0, CONTACT_SUBJECT_MAX)
      .trim()
  );
}
