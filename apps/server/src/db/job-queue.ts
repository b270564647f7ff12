import PgBoss from 'pg-boss';

/** The schema pg-boss keeps its jobs, queues and schedules in. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** Plain SQL text with positional values, answered with rows: what the job queue runs on. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Creates or upgrades pg-boss's own tables, as the last step of the migrations: the app's workers
 * then start with `migrate: false` and only check the version, so several processes starting at
 * once never race on the schema.
 */
export async function installJobQueue(sql: SqlExecutor): Promise<void> {
  const boss = new PgBoss({
    db: sql,
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false, wait: true, timeout: 1_000 });
}
