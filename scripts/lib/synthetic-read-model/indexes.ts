/**
 * Loading into index-less tables and building each index once is several times faster than
 * maintaining them row by row: the synthetic load (scripts/lib/synthetic-read-model.ts) sets
 * Ponder's triggers, keys and secondary indexes on SYNTHETIC_TABLES aside, and puts them back
 * afterwards from their exact definitions and names, then vacuums and analyses the tables.
 */
import type pg from "pg";
import { SYNTHETIC_TABLES } from "./sql.js";

type Definition = { table: string; name: string; def: string };

/** Disables the tables' triggers and drops their keys and secondary indexes; returns what puts them back. */
export async function setIndexesAside(client: pg.Client, schema: string, note: (line: string) => void) {
  const S = `"${schema}"`;
  const tables = SYNTHETIC_TABLES.map((t) => `${S}."${t}"`);
  const { rows: constraints } = await client.query<Definition>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as def
     from pg_constraint c
     join pg_class t on t.oid = c.conrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and t.relname = any($2) and c.contype in ('p', 'u')
     order by t.relname, c.conname`,
    [schema, [...SYNTHETIC_TABLES]],
  );
  const { rows: indexes } = await client.query<Definition>(
    `select t.relname as table, i.relname as name, pg_get_indexdef(i.oid) as def
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = $1 and t.relname = any($2)
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
     order by t.relname, i.relname`,
    [schema, [...SYNTHETIC_TABLES]],
  );
  for (const table of tables) await client.query(`alter table ${table} disable trigger all`);
  for (const index of indexes) await client.query(`drop index ${S}."${index.name}"`);
  for (const c of constraints) await client.query(`alter table ${S}."${c.table}" drop constraint "${c.name}"`);
  note(`triggers disabled, ${constraints.length} key and ${indexes.length} secondary indexes dropped for the load`);

  return {
    /** Keys and indexes are independent: builds them on both connections, biggest first; then the triggers, and vacuum. */
    async restore(second: pg.Client) {
      const size = (table: string) => (table === "votes" ? 2 : table === "activity" ? 1 : 0);
      const builds = [
        ...constraints.map((c) => ({ what: `key ${c.name}`, table: c.table, text: `alter table ${S}."${c.table}" add constraint "${c.name}" ${c.def}` })),
        ...indexes.map((i) => ({ what: `index ${i.name}`, table: i.table, text: i.def })),
      ].sort((a, b) => size(b.table) - size(a.table));
      const vacuums = [...SYNTHETIC_TABLES]
        .sort((a, b) => size(b) - size(a))
        .map((t) => ({ what: `vacuum analyze ${t}`, table: t, text: `vacuum (analyze) ${S}."${t}"` }));
      const drain = async (queue: { what: string; text: string }[], connection: pg.Client) => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const t = Date.now();
          await connection.query(job.text);
          note(`${job.what} in ${Date.now() - t} ms`);
        }
      };
      await Promise.all([drain(builds, client), drain(builds, second)]);
      for (const table of tables) await client.query(`alter table ${table} enable trigger all`);
      await Promise.all([drain(vacuums, client), drain(vacuums, second)]);
    },
  };
}
