// Which migration a database's schema is at, so a backup can say what it holds and a restore can
// refuse one written by a newer version of the app (whose tables this version does not know).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Drizzle's migrations: the SQL files and their journal (`meta/_journal.json`). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** A migration as drizzle's journal lists it: `when` is also what it records once applied. */
export interface SchemaVersion {
  tag: string;
  when: number;
}

let journal: Promise<SchemaVersion[]> | undefined;

/** The migrations this version of the app ships, oldest first. */
export function knownMigrations(): Promise<SchemaVersion[]> {
  journal ??= readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then((text) =>
    (JSON.parse(text) as { entries: SchemaVersion[] }).entries.map(({ tag, when }) => ({
      tag,
      when,
    })),
  );
  return journal;
}

/** The newest migration this version of the app ships: the schema a migrated database is at. */
export async function latestMigration(): Promise<SchemaVersion> {
  const migrations = await knownMigrations();
  return migrations.at(-1)!;
}

/**
 * The last migration applied to a database, read from drizzle's own table (`created_at` is the
 * journal's `when`); a migration this version does not ship keeps `tag: 'unknown'`. Undefined for
 * a database that was never migrated.
 */
export async function appliedMigration(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<SchemaVersion | undefined> {
  const { rows } = await query(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  ).catch(() => ({ rows: [] as unknown[] }));
  const when = Number((rows[0] as { created_at?: unknown } | undefined)?.created_at);
  if (!Number.isFinite(when) || when <= 0) return undefined;
  const known = (await knownMigrations()).find((migration) => migration.when === when);
  return { tag: known?.tag ?? 'unknown', when };
}
