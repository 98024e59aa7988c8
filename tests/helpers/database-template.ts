/**
 * Vitest global set-up (integration, http and race projects): migrates ONE database per run,
 * and openTestDatabase() (tests/helpers/database.ts) gives every test file a copy of it instead
 * of creating and migrating its own (Epic Stack's "migrate once, copy per worker").
 * - PGlite: a migrated in-memory database, dumped (`dumpDataDir`) to a tar file; each file
 *   starts a PGlite from it (`loadDataDir`), which skips initdb and the migrations.
 * - PostgreSQL (TEST_DATABASE_URL): a migrated template database; each file gets
 *   `CREATE DATABASE … TEMPLATE` of it.
 * The migrations still run on every copy (a no-op check when the template is current).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase } from "../../app/lib/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the file with the migrated template's dump. */
    pgliteTemplateFile?: string;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate?: string;
    /** Integration project: Better Auth hashes with the fast test hash (see database.ts). */
    fastPasswordHash?: boolean;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fw_template_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // The pool is closed before any copy: CREATE DATABASE … TEMPLATE needs it unused.
    await (await connectDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 })).close();
    project.provide("postgresTemplate", name);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const file = path.join(
    os.tmpdir(),
    `fw-pglite-template-${process.pid}-${crypto.randomBytes(4).toString("hex")}.tar`,
  );
  const handle = await connectDatabase({ kind: "pglite" });
  try {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplateFile", file);
  return () => fs.rmSync(file, { force: true });
}

async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
