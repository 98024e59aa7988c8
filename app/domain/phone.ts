/** Digits, spaces, +, -, /, ( ) with 6–20 digits in total (spec 04; the booking and the profile). */
export function isPlausiblePhone(value: string) {
  if (!/^[\d\s+\-/()]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 20;
}
