/** Password length rule (spec 05, 08: "mindestens 8 Zeichen"): the forms and Better Auth alike. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
