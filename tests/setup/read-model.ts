/**
 * Reads the indexer's whole read model (every table of indexer/ponder.schema.ts) into plain,
 * comparable objects: `{ [table]: rows[] }`, rows sorted by primary key, keys as in the schema
 * (camelCase), values normalised (bigint/numeric as decimal strings, hex as stored, arrays as
 * arrays, null as null). Works on the tables schema and on the views schema alike.
 *
 *   const model = await dumpReadModel(db.url, indexer.viewsSchema);
 *   expect(model).toEqual(await dumpReadModel(db.url, clean.viewsSchema));
 */
import { getTableColumns, is } from "drizzle-orm";
import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import pg from "pg";
import * as ponderSchema from "../../indexer/ponder.schema.js";

export type Row = Record<string, unknown>;
export type ReadModel = Record<string, Row[]>;

type TableSpec = {
  /** The SQL name, e.g. "chapter_executives". */
  name: string;
  /** [schema key (camelCase), SQL column name, column type]. */
  columns: [key: string, column: string, type: string][];
  primaryKey: string[];
};

function tableSpecs(): TableSpec[] {
  const specs: TableSpec[] = [];
  for (const value of Object.values(ponderSchema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const columns = Object.entries(getTableColumns(value) as Record<string, PgColumn>).map(
      ([key, column]) => [key, column.name, column.columnType] as [string, string, string],
    );
    const primaryKey = config.primaryKeys.length
      ? config.primaryKeys[0]!.columns.map((c) => c.name)
      : config.columns.filter((c) => c.primary).map((c) => c.name);
    if (primaryKey.length === 0) throw new Error(`table ${config.name} has no primary key`);
    specs.push({ name: config.name, columns, primaryKey });
  }
  return specs.sort((a, b) => (a.name < b.name ? -1 : 1));
}

const SPECS = new Map(tableSpecs().map((t) => [t.name, t]));

/** The SQL names of every table the indexer writes, sorted. */
export const READ_MODEL_TABLES: string[] = [...SPECS.keys()];

function compareValues(a: unknown, b: unknown, numeric: boolean): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (numeric) {
    const [x, y] = [BigInt(a as string | number), BigInt(b as string | number)];
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // Code-unit order (what COLLATE "C" gives for ASCII), independent of the database's collation.
  return String(a) < String(b) ? -1 : 1;
}

/**
 * Sorts rows of `table` (keyed like dumpReadModel's output) by the table's primary key, as
 * dumpReadModel does: numeric keys numerically, text keys in code-unit order.
 */
export function sortRows<T extends Row>(table: string, rows: T[]): T[] {
  const spec = SPECS.get(table);
  if (!spec) throw new Error(`unknown read model table ${table}`);
  const keys = spec.primaryKey.map((column) => {
    const [key, , type] = spec.columns.find(([, c]) => c === column)!;
    return { key, numeric: /Bigint|BigInt|Integer/.test(type) };
  });
  return [...rows].sort((a, b) => {
    for (const { key, numeric } of keys) {
      const order = compareValues(a[key], b[key], numeric);
      if (order !== 0) return order;
    }
    return 0;
  });
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

function normalise(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `0x${value.toString("hex")}`;
  if (Array.isArray(value)) return value.map(normalise);
  return value;
}

/** Every table of the read model in `schema` (the tables schema or the views schema). */
export async function dumpReadModel(databaseUrl: string, schema: string): Promise<ReadModel> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const model: ReadModel = {};
    for (const table of SPECS.values()) {
      const select = table.columns
        .map(([, column, type]) =>
          // numeric(78) (Ponder's bigint) and int8 come back as strings already; make it explicit.
          type === "PgEvmBigint" || type === "PgBigInt64" ? `${quote(column)}::text AS ${quote(column)}` : quote(column),
        )
        .join(", ");
      const { rows } = await client.query(`SELECT ${select} FROM ${quote(schema)}.${quote(table.name)}`);
      model[table.name] = sortRows(
        table.name,
        rows.map((row: Row) => Object.fromEntries(table.columns.map(([key, column]) => [key, normalise(row[column])]))),
      );
    }
    return model;
  } finally {
    await client.end();
  }
}
