/** Whole years from `from` to `to` ("YYYY-MM-DD" calendar days): 2024-03-10 → 2026-03-09 is 1. */
export function fullYearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number);
  const [ty, tm, td] = to.split("-").map(Number);
  const years = ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
  return Math.max(0, years);
}
