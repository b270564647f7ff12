import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../src/db/client.js';

/**
 * Embedded databases for the tests, each as migrated and empty as the run's template, lent to one
 * test file at a time and given back when it closes them.
 *
 * Loading the template's dump costs a second or more of CPU per database (most of a small file's
 * time); putting a given-back database back into the template's state costs 50–200 ms.
 * A database comes back only when that state is certain: outside any transaction, its session
 * state discarded, every table emptied (the migrations' own rows kept), sequences where the
 * template had them, and its catalog (tables, columns, functions, roles…) and the kept rows equal
 * to the template's. Anything else (a closed client, a schema a test changed, a reset that does
 * not finish) closes it instead, and the next file loads a fresh one. So does a database a file
 * used while it faked `Date`: the engine's clock is Node's, and a timer it armed then (due days
 * ahead of the real clock) would fire every millisecond, past Node's timer limit, in later files.
 *
 * A test file holds its database through a lease: once given back, the lease refuses every call,
 * so work the file left running (a timer, a job's last statement) fails as on a closed database
 * instead of writing into the next file's.
 */

/** The tables whose rows the migrations write (restored as they were); every other starts empty. */
const KEPT_TABLES = ['drizzle.__drizzle_migrations', 'pgboss.version'];

/** Outside the system's own schemas. */
const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`;

const CATALOG_PRINT = `
  select md5(string_agg(entry, ',' order by entry)) as print from (
    select 'class:' || c.oid::regclass::text || ':' || c.relkind::text || ':' ||
      coalesce(array_to_string(c.reloptions, ';'), '') as entry
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMA}
    union all
    select 'column:' || a.attrelid::regclass::text || '.' || a.attname || ':' ||
      format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull || ':' ||
      coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where ${USER_SCHEMA} and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint:' || con.conname || ':' || pg_get_constraintdef(con.oid)
      from pg_constraint con join pg_namespace n on n.oid = con.connamespace where ${USER_SCHEMA}
    union all
    select 'function:' || p.oid::regprocedure::text || ':' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_SCHEMA}
    union all
    select 'trigger:' || t.tgrelid::regclass::text || '.' || t.tgname || ':' || t.tgenabled::text
      from pg_trigger t where not t.tgisinternal
    union all select 'type:' || t.oid::regtype::text
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_SCHEMA}
    union all select 'schema:' || nspname from pg_namespace
    union all select 'extension:' || extname || ':' || extversion from pg_extension
    union all select 'role:' || rolname || ':' || rolsuper || ':' || rolcanlogin from pg_roles
    union all select 'database:' || datname || ':' || datallowconn from pg_database
    union all select 'setting:' || setdatabase::text || ':' || setrole::text || ':' ||
      array_to_string(setconfig, ';') from pg_db_role_setting
    union all select 'kept:' || ${KEPT_TABLES.map(
      (table) =>
        `(select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) from ${table} t)`,
    ).join(` || ':' || `)}
  ) entries`;

/**
 * The emptying, in one transaction: each queue's table of jobs dropped, then every other table
 * truncated, with triggers off (the audit log's refuses it).
 */
const EMPTY = `
  do $$
  declare
    partition text;
    tables text;
  begin
    set local session_replication_role = replica;
    for partition in select partition_name from pgboss.queue loop
      execute format('drop table if exists pgboss.%I', partition);
    end loop;
    select string_agg(format('%I.%I', n.nspname, c.relname), ', ') into tables
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${USER_SCHEMA}
        and format('%s.%s', n.nspname, c.relname) not in (${KEPT_TABLES.map((t) => `'${t}'`).join(', ')});
    if tables is not null then
      execute 'truncate ' || tables || ' restart identity cascade';
    end if;
  end
  $$`;

const SEQUENCES = `
  select format('%I.%I', n.nspname, c.relname) as name from pg_class c
    join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${USER_SCHEMA}`;

interface Template {
  print: string;
  /** The rows of each kept table, as JSON. */
  kept: { table: string; rows: string }[];
  /** Each sequence's state in the template: `setval(name, value, called)`. */
  sequences: { name: string; value: string; called: boolean }[];
}

/** What every database lent out starts as; read off the first one this worker loads. */
let template: Template | undefined;
const spares: PGlite[] = [];
const RESET_LIMIT_MS = 5_000;

/** How many given-back databases wait to be lent again in this worker. */
export const sparesHeld = (): number => spares.length;

async function printOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ print: string }>(CATALOG_PRINT);
  return rows[0]!.print;
}

async function readTemplate(client: PGlite): Promise<Template> {
  const names = (await client.query<{ name: string }>(SEQUENCES)).rows.map((row) => row.name);
  const sequences = [];
  for (const name of names) {
    const { rows } = await client.query<{ value: string; called: boolean }>(
      `select last_value::text as value, is_called as called from ${name}`,
    );
    sequences.push({ name, ...rows[0]! });
  }
  const kept = [];
  for (const table of KEPT_TABLES) {
    const { rows } = await client.query<{ rows: string }>(
      `select coalesce(json_agg(t), '[]')::text as rows from ${table} t`,
    );
    kept.push({ table, rows: rows[0]!.rows });
  }
  return { print: await printOf(client), sequences, kept };
}

async function load(dumpFile: string): Promise<PGlite> {
  const client = await PGlite.create({
    loadDataDir: new Blob([await readFile(dumpFile)]),
    extensions: pgliteExtensions,
  });
  template ??= await readTemplate(client);
  return client;
}

/** Back into the template's state; false when that cannot be made certain. */
async function reset(client: PGlite): Promise<boolean> {
  if (client.closed || !template) return false;
  // Fails inside a transaction a test left open, which then closes the database.
  await client.exec('discard all');
  await client.exec(EMPTY);
  // pg-boss notes its maintenance times in its version row: every kept row goes back as it was.
  for (const { table, rows } of template.kept) {
    await client.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica; delete from ${table}`);
      await tx.query(
        `insert into ${table} select * from json_populate_recordset(null::${table}, $1)`,
        [rows],
      );
    });
  }
  for (const { name, value, called } of template.sequences) {
    await client.query(`select setval('${name}', ${value}, ${called})`);
  }
  return (await printOf(client)) === template.print;
}

async function giveBack(client: PGlite, clockMoved: boolean): Promise<void> {
  if (clockMoved) {
    await client.close().catch(() => undefined);
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), RESET_LIMIT_MS);
  });
  const outcome = await Promise.race([reset(client).catch(() => false), limit]);
  clearTimeout(timer);
  // A reset still waiting on a statement that never ends leaves that database to the collector.
  if (outcome === 'late') return;
  if (outcome) spares.push(client);
  else await client.close().catch(() => undefined);
}

/** What a closed PGlite answers: each call fails as a closed client's does, and closing is done. */
function closedClient(key: PropertyKey): unknown {
  if (key === 'closed') return true;
  if (key === 'ready') return false;
  if (key === 'close') return () => Promise.resolve();
  if (key === 'then') return undefined;
  return () => Promise.reject(new Error('PGlite is closed'));
}

/** The clock as Node has it, before any test fakes `Date`. */
const RealDate = Date;

/**
 * A lease of `client`: the same calls until `end`, then each one refused as a closed client's.
 * `clockMoved` says whether the file used it while it faked `Date` (vi.useFakeTimers).
 */
function lease(client: PGlite): { client: PGlite; end: () => void; clockMoved: () => boolean } {
  let ended = false;
  let clockMoved = false;
  // What the file sets on its client stays on its lease, not on the database the next file gets.
  const own = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(client, {
    get(target, key) {
      if (ended) return closedClient(key);
      if (globalThis.Date !== RealDate) clockMoved = true;
      if (own.has(key)) return own.get(key);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, key, value) {
      own.set(key, value);
      return true;
    },
    defineProperty: () => false,
  });
  return { client: proxy, end: () => (ended = true), clockMoved: () => clockMoved };
}

/**
 * A migrated, empty embedded database for one test file, and how to give it back. `giveBack`
 * ends the lease at once and resolves once the database is reset or closed.
 */
export async function lendPglite(dumpFile: string): Promise<{
  client: PGlite;
  giveBack: () => Promise<void>;
}> {
  const client = spares.pop() ?? (await load(dumpFile));
  const lent = lease(client);
  return {
    client: lent.client,
    giveBack: async () => {
      lent.end();
      await giveBack(client, lent.clockMoved());
    },
  };
}
