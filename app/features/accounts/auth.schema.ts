import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/domain/password";

/**
 * Messages are catalogue keys (auth.*) so browser and server show the same text. A field missing
 * from the form fails like an empty one.
 */
export const signInSchema = z.object({
  email: z.string("missingFields").trim().min(1, "missingFields").max(254, "invalidCredentials"),
  password: z
    .string("missingFields")
    .min(1, "missingFields")
    .max(PASSWORD_MAX, "invalidCredentials"),
});

export const registerSchema = z.object({
  // 200 like the profile and the booking form, where the name can be changed later.
  name: z.string("nameRequired").trim().min(1, "nameRequired").max(200, "nameTooLong"),
  email: z
    .string("invalidEmail")
    .trim()
    .toLowerCase()
    .email("invalidEmail")
    .max(254, "invalidEmail"),
  password: z
    .string("passwordTooShort")
    .min(PASSWORD_MIN, "passwordTooShort")
    .max(PASSWORD_MAX, "passwordTooLong"),
});
