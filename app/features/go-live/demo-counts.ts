/** How many demo rows of each kind there are (or were removed): shared by server and dashboard. */
export type DemoCounts = {
  users: number;
  properties: number;
  bookings: number;
  bankAccounts: number;
};

/** All demo rows together: 0 means there is no demo data (left). */
export function demoTotal(counts: DemoCounts): number {
  return counts.users + counts.properties + counts.bookings + counts.bankAccounts;
}
