/**
 * The demo accounts created by the embedded demo start (also listed in README.md).
 * Production installations (SEED_DEMO_DATA off) have no default credentials.
 */
export const DEMO_LOGINS = [
  { role: "Admin", email: "admin@demo.traumurlaub.de", password: "Admin-Demo-2026" },
  { role: "Gast", email: "gast@demo.traumurlaub.de", password: "Gast-Demo-2026" },
];
