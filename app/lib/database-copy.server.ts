import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database, type DatabaseHandle } from "./db.server";

/**
 * Copies every row of one migrated database into another, empty one (decision 110): the move
 * from the embedded database (`npm start`, PGlite in DATA_DIR) to PostgreSQL when an operator
 * outgrows one process (README "Mehrere Server"). `npm run db:to-postgres` calls it.
 *
 * - Both databases are migrated by this app's code before the copy (connectDatabase), so their
 *   tables and columns are the same; the copy checks that and refuses otherwise.
 * - The target must be empty: a wrong address must never mix two businesses' data. The
 *   migrations write no rows, so "every table empty" is exactly "nothing has used it yet".
 * - Rows travel as PostgreSQL's own JSON text (`row_to_json` → `json_populate_recordset`), so
 *   dates, timestamps, jsonb, arrays and numerics keep their exact values without a JavaScript
 *   round trip; generated columns (the search texts) are left to the target to compute.
 * - The target's own triggers are off during the copy (`DISABLE TRIGGER USER`, which the
 *   tables' owner may do, no superuser needed): they derive figures that the copied rows already
 *   hold. Left on, a copied payment would add its amount to the copied booking's `amount_paid`
 *   a second time, and the day statistics would count every booking twice.
 * - All in one transaction on the target: a failure leaves it empty. Before it commits, every
 *   table is compared with the source row by row (an md5 over the rows' JSON in UTC, sorted
 *   bytewise), and the sequences (booking numbers) continue where the source stood.
 * - The source is only read.
 */

export type CopiedTable = { table: string; rows: number };
export type CopyReport = { tables: CopiedTable[]; sequences: string[] };

/** Refusals with a message for the operator (the CLI prints it; no stack trace). */
export class DatabaseCopyError extends Error {}

/** Rows per statement: one JSON parameter of a few hundred KB for the widest tables. */
const PAGE = 500;

type Executor = Pick<Database, "execute">;

/** A quoted identifier; the names come from the catalog, quoted all the same. */
const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

type TableShape = { table: string; columns: string[] };

/**
 * The public tables with their stored (not generated) columns, in an order in which every
 * table comes after the tables its foreign keys point to.
 */
async function tablesInOrder(executor: Executor): Promise<TableShape[]> {
  const columnRows = await queryRows<{ table: string; column: string }>(
    sql`select c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
    executor,
  );
  const columns = new Map<string, string[]>();
  for (const row of columnRows) {
    columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
  }
  const references = await queryRows<{ table: string; target: string }>(
    sql`select cl.relname as "table", ref.relname as "target"
        from pg_constraint con
        join pg_class cl on cl.oid = con.conrelid
        join pg_class ref on ref.oid = con.confrelid
        where con.contype = 'f' and con.connamespace = 'public'::regnamespace`,
    executor,
  );
  const dependsOn = new Map<string, Set<string>>();
  for (const { table, target } of references) {
    if (table === target) continue; // a row pointing at its own table: none today
    dependsOn.set(table, (dependsOn.get(table) ?? new Set()).add(target));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table)) return;
    if (path.has(table)) {
      throw new DatabaseCopyError(`Fremdschlüssel im Kreis über die Tabelle „${table}“.`);
    }
    path.add(table);
    for (const target of dependsOn.get(table) ?? []) visit(target, path);
    path.delete(table);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of [...columns.keys()].sort()) visit(table, new Set());
  return ordered
    .filter((table) => columns.has(table))
    .map((table) => ({ table, columns: columns.get(table)! }));
}

async function sequences(executor: Executor): Promise<string[]> {
  const found = await queryRows<{ name: string }>(
    sql`select sequencename as "name" from pg_sequences where schemaname = 'public'
        order by sequencename`,
    executor,
  );
  return found.map((row) => row.name);
}

/** The table's rows as one md5, independent of the session's time zone and collation. */
function checksum(table: string): SQL {
  return sql.raw(
    `select count(*)::int as "rows",
            md5(coalesce(string_agg(r, E'\\n' order by r collate "C"), '')) as "sum"
     from (select row_to_json(t)::text as r from ${ident(table)} t) x`,
  );
}

const sameShape = (a: TableShape[], b: TableShape[]) =>
  JSON.stringify([...a].sort((x, y) => x.table.localeCompare(y.table))) ===
  JSON.stringify([...b].sort((x, y) => x.table.localeCompare(y.table)));

export async function copyDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
): Promise<CopyReport> {
  const from = source.db;
  // The JSON of timestamps carries the session's offset; UTC on both sides for the checksums.
  await from.execute(sql`set time zone 'UTC'`);
  const sourceTables = await tablesInOrder(from);
  const targetTables = await tablesInOrder(target.db);
  if (!sameShape(sourceTables, targetTables)) {
    throw new DatabaseCopyError(
      "Die Tabellen der beiden Datenbanken stimmen nicht überein. Beide müssen mit derselben Version der App migriert sein.",
    );
  }
  const sourceSequences = await sequences(from);

  return target.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    for (const { table } of targetTables) {
      const [row] = await queryRows<{ present: boolean }>(
        sql.raw(`select exists (select from ${ident(table)}) as "present"`),
        tx,
      );
      if (row?.present) {
        throw new DatabaseCopyError(
          `Die Zieldatenbank ist nicht leer (Tabelle „${table}“ enthält Daten). Bitte eine neue, leere Datenbank angeben.`,
        );
      }
    }
    for (const { table } of targetTables) {
      await tx.execute(sql.raw(`alter table ${ident(table)} disable trigger user`));
    }

    const copied: CopiedTable[] = [];
    for (const { table, columns } of sourceTables) {
      const list = columns.map(ident).join(", ");
      for (let offset = 0; ; offset += PAGE) {
        const [page] = await queryRows<{ json: string | null; n: number }>(
          sql.raw(
            `select json_agg(p)::text as "json", count(*)::int as "n"
             from (select ${list} from ${ident(table)} order by ctid
                   limit ${PAGE} offset ${offset}) p`,
          ),
          from,
        );
        if (!page?.json || page.n === 0) break;
        await tx.execute(
          sql`${sql.raw(`insert into ${ident(table)} (${list}) select ${list} from json_populate_recordset(null::${ident(table)}, `)}${page.json}${sql.raw("::json)")}`,
        );
        if (page.n < PAGE) break;
      }
      const [want] = await queryRows<{ rows: number; sum: string }>(checksum(table), from);
      const [got] = await queryRows<{ rows: number; sum: string }>(checksum(table), tx);
      if (!want || !got || want.rows !== got.rows || want.sum !== got.sum) {
        throw new DatabaseCopyError(
          `Die Kopie der Tabelle „${table}“ weicht vom Original ab (${want?.rows ?? 0} Zeilen im Original, ${got?.rows ?? 0} in der Kopie). Nichts wurde übernommen.`,
        );
      }
      copied.push({ table, rows: got.rows });
    }

    for (const name of sourceSequences) {
      const [state] = await queryRows<{ last: string; called: boolean }>(
        sql.raw(`select last_value::text as "last", is_called as "called" from ${ident(name)}`),
        from,
      );
      if (!state) continue;
      await tx.execute(
        sql`select setval(${ident(name)}::regclass, ${state.last}::bigint, ${state.called})`,
      );
    }

    for (const { table } of targetTables) {
      await tx.execute(sql.raw(`alter table ${ident(table)} enable trigger user`));
    }
    return { tables: copied, sequences: sourceSequences };
  });
}
