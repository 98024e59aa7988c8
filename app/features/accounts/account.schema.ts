import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/password";

/**
 * Forms of the password reset pages and /dashboard/settings. Messages are catalogue keys
 * (passwordReset.* and accountSettings.*), so browser and server show the same text. A field
 * missing from the form fails like an empty one.
 */

/** The repeated new password: a missing one does not match. */
const confirmation = (max: number) => z.string("passwordMismatch").max(max);

export const forgotPasswordSchema = z.object({
  email: z
    .string("invalidEmail")
    .trim()
    .toLowerCase()
    .email("invalidEmail")
    .max(254, "invalidEmail"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string("invalidToken").trim().min(1, "invalidToken").max(200, "invalidToken"),
    password: z
      .string("passwordTooShort")
      .min(PASSWORD_MIN, "passwordTooShort")
      .max(PASSWORD_MAX, "passwordTooLong"),
    confirmPassword: confirmation(PASSWORD_MAX + 1),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwordMismatch",
  });

/** The token of an address confirmation link, posted by its page's button (decision 077). */
export const addressTokenSchema = z.string().trim().min(1).max(200);

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

export const notificationSettingsSchema = z.object({
  emailNotifications: checkbox,
  marketingEmails: checkbox,
});

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string("wrongCurrentPassword")
      .min(1, "wrongCurrentPassword")
      .max(PASSWORD_MAX, "wrongCurrentPassword"),
    newPassword: z
      .string("newPasswordTooShort")
      .min(PASSWORD_MIN, "newPasswordTooShort")
      .max(PASSWORD_MAX, "newPasswordTooLong"),
    confirmPassword: confirmation(PASSWORD_MAX + 1),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "passwordMismatch",
  });

export const revokeSessionSchema = z.object({
  sessionId: z.uuid("sessionNotFound"),
});

export const deleteAccountSchema = z.object({
  password: z.string("wrongPassword").min(1, "wrongPassword").max(PASSWORD_MAX, "wrongPassword"),
});

export const SETTINGS_INTENTS = [
  "notifications",
  "changePassword",
  "revokeSession",
  "revokeOtherSessions",
  "deleteAccount",
  // "Bestätigungs-E-Mail senden" beside "Marketing-E-Mails" (decision 077).
  "sendAddressConfirmation",
] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export function isSettingsIntent(value: unknown): value is SettingsIntent {
  return typeof value === "string" && (SETTINGS_INTENTS as readonly string[]).includes(value);
}
