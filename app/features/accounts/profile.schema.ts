import { z } from "zod";
import { isPlausiblePhone } from "~/domain/phone";

/** Avatar upload limit (spec 07): 2 MB, JPG/PNG/WebP. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
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
  | { intent: "avatar"; ok: false; error: AvatarError | "sessionExpired" };
