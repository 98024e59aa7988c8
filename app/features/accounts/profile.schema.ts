import { z } from "zod";
import { isPlausiblePhone } from "~/domain/phone";

/**
 * Avatar upload limit: JPG/PNG/WebP up to 10 MB. Spec 07 said 2 MB, which refused every photo a
 * phone camera takes (4000×3000 JPEGs of 6–8 MB); the server scales them down to the stored
 * 256×256 WebP instead (issue 16, decision 039). The pixel cap in profile.server.ts still
 * refuses decompression bombs.
 */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp";

/** Optional text: trimmed, empty becomes null (the column is cleared). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { message })
    .transform((value) => (value === "" ? null : value))
    .default(null);

/** The profile form of /dashboard/profile. Messages are keys under `profilePage.errors`. */
export const profileFormSchema = z.object({
  fullName: z
    .string({ message: "nameRequired" })
    .trim()
    .min(1, { message: "nameRequired" })
    .max(200, { message: "nameTooLong" }),
  phone: z
    .string()
    .trim()
    .refine((value) => value === "" || isPlausiblePhone(value), { message: "phoneInvalid" })
    .transform((value) => (value === "" ? null : value))
    .default(null),
  address: optionalText(200, "addressTooLong"),
  city: optionalText(100, "cityTooLong"),
  postalCode: optionalText(20, "postalCodeTooLong"),
  country: optionalText(100, "countryTooLong"),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
export type ProfileField = keyof ProfileForm;
export const PROFILE_FIELDS = [
  "fullName",
  "phone",
  "address",
  "city",
  "postalCode",
  "country",
] as const satisfies readonly ProfileField[];

export type ProfileFieldError =
  | "nameRequired"
  | "nameTooLong"
  | "phoneInvalid"
  | "addressTooLong"
  | "cityTooLong"
  | "postalCodeTooLong"
  | "countryTooLong";

export type AvatarError = "tooLarge" | "wrongType" | "missing" | "failed";

/** What the /dashboard/profile action answers; messages are keys under `profilePage`. */
export type ProfileActionData =
  | { intent: "profile"; ok: true; savedAt: number }
  | {
      intent: "profile";
      ok: false;
      error: "invalid" | "failed" | "sessionExpired";
      fieldErrors?: Partial<Record<ProfileField, ProfileFieldError>>;
      values?: Partial<Record<ProfileField, string>>;
    }
  | { intent: "avatar"; ok: true; avatarUrl: string }
  | { intent: "removeAvatar"; ok: true }
  | { intent: "removeAvatar"; ok: false; error: "failed" | "sessionExpired" }
  | { intent: "avatar"; ok: false; error: AvatarError | "sessionExpired" };
