/**
 * Moves the embedded database to PostgreSQL (decision 110):
 *   npm run db:to-postgres -- postgres://user:password@host:5432/ferien
 * (without an address: DATABASE_URL from the environment or .env).
 *
 * Reads the embedded database in DATA_DIR (stop the server first: it allows one process at a
 * time, and the folder lock refuses a second one), migrates the PostgreSQL database, which must
 * be empty, and copies every row in one transaction (app/lib/database-copy.server.ts). The
 * embedded database is only read (after the migrations `npm start` would run on it too): until
 * DATABASE_URL is set, `npm start` keeps using it.
 */
import fs from "node:fs";
import path from "node:path";
import { loadEnvFile } from "./env-file.mjs";
import { connectDatabase, DataDirInUseError, type DatabaseHandle } from "../app/lib/db.server";
import { copyDatabase, DatabaseCopyError } from "../app/lib/database-copy.server";

if (!process.env.SKIP_ENV_FILE) loadEnvFile();

const target = process.argv[2] ?? process.env.DATABASE_URL;
if (!target || !/^postgres(ql)?:\/\//.test(target)) {
  console.error(
    "Bitte die Adresse der leeren PostgreSQL-Datenbank angeben:\n" +
      "  npm run db:to-postgres -- postgres://benutzer:passwort@host:5432/datenbank\n" +
      "(oder DATABASE_URL in .env setzen).",
  );
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
if (!fs.existsSync(path.join(dataDir, "pglite"))) {
  console.error(`In ${dataDir} liegt keine eingebettete Datenbank (Ordner pglite fehlt).`);
  process.exit(2);
}

/** The address without its password, for the output. */
function shown(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "****";
    return parsed.toString();
  } catch {
    return "(Adresse)";
  }
}

/** A message for the operator instead of a stack trace (wrong password, server down, lock). */
function reason(error: unknown) {
  if (error instanceof DatabaseCopyError) return error.message;
  if (error instanceof DataDirInUseError) {
    return `Die eingebettete Datenbank in ${error.dataDir} wird gerade von Prozess ${error.pid} benutzt. Bitte den Server zuerst anhalten.`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0];
}

let source: DatabaseHandle | undefined;
let destination: DatabaseHandle | undefined;
try {
  source = await connectDatabase({ kind: "pglite", dataDir });
  destination = await connectDatabase({ kind: "postgres", url: target, poolSize: 2 });
  const report = await copyDatabase(source, destination);
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Kopiert: ${rows} Zeilen aus ${dataDir}/pglite nach ${shown(target)}.`);
  for (const { table, rows: count } of report.tables) {
    if (count > 0) console.log(`  ${table}: ${count}`);
  }
  console.log(
    `Geprüft: alle ${report.tables.length} Tabellen stimmen Zeile für Zeile mit dem Original überein.\n\n` +
      "Nächste Schritte:\n" +
      `  1. In .env DATABASE_URL=${shown(target)} eintragen (mit dem echten Passwort).\n` +
      `  2. AUTH_SECRET auf den Inhalt von ${path.join(dataDir, "auth-secret")} setzen: so bleiben alle Gäste und Admins angemeldet.\n` +
      `  3. Die Bilder liegen weiter in ${path.join(dataDir, "uploads")} (oder in S3): DATA_DIR behalten.\n` +
      "  4. Den Server starten (npm start).\n" +
      "Die eingebettete Datenbank bleibt unverändert; löschen Sie sie erst, wenn alles läuft.",
  );
} catch (error) {
  console.error(`Nicht kopiert: ${reason(error)}`);
  process.exitCode = 1;
} finally {
  await destination?.close().catch(() => {});
  await source?.close().catch(() => {});
}
