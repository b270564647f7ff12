import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { buildTestApp } from '../../test/build-test-app.js';

const TOKEN = 'a-metrics-token-of-32-characters';
const read = (path: string) =>
  readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** Series Prometheus itself records for every target; none comes from the server. */
const PROMETHEUS_OWN = new Set(['up']);

const duration = z.string().regex(/^(\d+(ms|s|m|h|d|w|y))+$/, 'a Prometheus duration');
const labelName = z.string().regex(/^[a-zA-Z_]\w*$/);
/** Prometheus's rule file format (what `promtool check rules` checks of its structure). */
const ruleFileSchema = z.strictObject({
  groups: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        interval: duration.optional(),
        limit: z.number().int().nonnegative().optional(),
        rules: z
          .array(
            z.union([
              z.strictObject({
                alert: z.string().regex(/^[A-Za-z_]\w*$/),
                expr: z.string().min(1),
                for: duration.optional(),
                keep_firing_for: duration.optional(),
                labels: z.record(labelName, z.string()).optional(),
                annotations: z.record(labelName, z.string()).optional(),
              }),
              z.strictObject({
                record: z.string().regex(/^[a-zA-Z_:][\w:]*$/),
                expr: z.string().min(1),
                labels: z.record(labelName, z.string()).optional(),
              }),
            ]),
          )
          .min(1),
      }),
    )
    .min(1),
});

const target = z.object({ expr: z.string().min(1), refId: z.string() });
const panel = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string().min(1),
  gridPos: z.object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    w: z.number().int().min(1),
    h: z.number().int().min(1),
  }),
  targets: z.array(target).optional(),
});
const dashboardSchema = z.object({
  title: z.string(),
  uid: z.string(),
  schemaVersion: z.number().int(),
  panels: z.array(panel).min(1),
});

const PROMQL_WORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'inf',
  'nan',
]);

/** The metric names a PromQL expression reads (functions, labels, ranges and strings set aside). */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '');
  const names = new Set<string>();
  for (const match of bare.matchAll(/(?<![\w$.])([a-zA-Z_:][\w:]*)(\s*\()?/g)) {
    const [, name, call] = match;
    if (call || PROMQL_WORDS.has(name!.toLowerCase())) continue;
    names.add(name!);
  }
  return [...names];
}

/** Every series name a scrape's families give: each family, and a histogram's three series. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\w+)$/gm)) {
    names.add(name!);
    if (type === 'histogram' || type === 'summary') {
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

const { app } = await buildTestApp({ METRICS_TOKEN: TOKEN });
const scraped = await app.inject({
  method: 'GET',
  url: '/metrics',
  headers: { authorization: `Bearer ${TOKEN}` },
});
const exported = exportedNames(scraped.body);

const rules = ruleFileSchema.parse(parse(read('deploy/prometheus/alerts.yml')));
const alerts = rules.groups.flatMap((group) => group.rules);
const dashboard = dashboardSchema.parse(JSON.parse(read('deploy/grafana/maya-market.json')));
const panelExprs = dashboard.panels.flatMap((each) =>
  (each.targets ?? []).map((target) => ({ panel: each.title, expr: target.expr })),
);

describe('the monitoring files in deploy/', () => {
  it('reads metric names out of PromQL, so a name the server does not export is caught', () => {
    expect(
      metricNames(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_x_bucket{job="maya",status=~"5.."}[5m]))) > 1 and on (instance) maya_nope == bool 0',
      ).sort(),
    ).toEqual(['http_x_bucket', 'maya_nope']);
    expect(exported.has('maya_nope')).toBe(false);
  });

  it('alert on metrics the server really exports', () => {
    expect(scraped.statusCode).toBe(200);
    const used = alerts.flatMap((rule) =>
      metricNames(rule.expr).map((name) => ({
        rule: 'alert' in rule ? rule.alert : rule.record,
        name,
      })),
    );
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter(({ name }) => !exported.has(name) && !PROMETHEUS_OWN.has(name))).toEqual([]);
    // The operator's questions each have an alert: errors, latency, readiness, jobs, limits,
    // the pool, mail.
    const names = new Set(used.map(({ name }) => name));
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'maya_ready',
      'maya_jobs_backlog',
      'maya_jobs_oldest_due_seconds',
      'maya_limiter_fallbacks_total',
      'maya_db_pool_wait_seconds_bucket',
      'maya_mail_failed_total',
      'maya_event_loop_utilization',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('have alerts with a severity, a summary and unique names', () => {
    const named = alerts.filter((rule) => 'alert' in rule);
    expect(new Set(named.map((rule) => rule.alert)).size).toBe(named.length);
    for (const rule of named) {
      expect(['page', 'warn'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
    }
  });

  it('draw the dashboard from metrics the server really exports, on a 24-column grid', () => {
    const used = panelExprs.flatMap(({ panel: title, expr }) =>
      metricNames(expr).map((name) => ({ panel: title, name })),
    );
    expect(used.filter(({ name }) => !exported.has(name))).toEqual([]);
    const names = new Set(used.map(({ name }) => name));
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'maya_event_loop_utilization',
      'maya_jobs_backlog',
      'maya_limiter_fallbacks_total',
      'maya_db_pool_connections',
      'maya_db_pool_wait_seconds_bucket',
      'maya_db_queue_wait_seconds_bucket',
      'maya_build_info',
    ]) {
      expect(names, name).toContain(name);
    }
    const ids = dashboard.panels.map((each) => each.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { title, gridPos } of dashboard.panels) {
      expect(gridPos.x + gridPos.w, title).toBeLessThanOrEqual(24);
    }
  });
});
