import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../src/config.js';
import { commandEnv, freePort, startServerProcess, type ServerProcess } from '../server-process.js';
import { createPostgresTestDatabase } from '../test-database.js';

/** A span as OTLP/HTTP's JSON encoding carries it (ids in hex). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
interface CollectedSpan extends OtlpSpan {
  scope: string;
  resource: Record<string, string | undefined>;
}
interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpSpan['attributes'] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
}

// The bundle sits in the server's own node_modules, so its external packages resolve as they do
// from apps/server/dist: apps/server/node_modules first (where npm nests the server's own
// versions of packages that another version holds at the root), then the root's.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

const attribute = (attributes: OtlpSpan['attributes'], key: string) => {
  const value = attributes?.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

/** An OTLP/HTTP collector: accepts POST /v1/traces (JSON) and keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: CollectedSpan[]; server: Server }> {
  const spans: CollectedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const resource = Object.fromEntries(
          (resourceSpans.resource?.attributes ?? []).map((entry) => [
            entry.key,
            attribute([entry], entry.key),
          ]),
        );
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({ ...span, scope: scopeSpans.scope?.name ?? '', resource });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

/** Whether `span` descends from the span `ancestorId` within `spans`. */
function descendsFrom(span: CollectedSpan, ancestorId: string, spans: CollectedSpan[]): boolean {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  let parent = span.parentSpanId;
  for (let hops = 0; parent && hops < 50; hops++) {
    if (parent === ancestorId) return true;
    parent = byId.get(parent)?.parentSpanId;
  }
  return false;
}

/** The built server (scripts/build-server.mjs) in a child process, resolved once /readyz answers. */
async function startBundle(bundle: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(bundle, 'server.mjs')], {
    env: commandEnv({
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
      PORT: String(port),
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) {
      return {
        url,
        child,
        async stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the built server exited with ${child.exitCode} or was not ready in 120 s`);
}

/**
 * Opt-in tracing, end to end: the real server on PostgreSQL, pointed at a collector this test
 * runs, continues a caller's `traceparent` through Fastify's route into its SQL, and sends the
 * spans still batched when it is stopped. From source (tsx, as in development) and from the
 * bundle `npm start` runs, where the instrumentations' loader hook must still resolve.
 */
describe.runIf(readEnv('DATABASE_URL'))('OpenTelemetry traces', () => {
  const cleanups: (() => Promise<void>)[] = [];
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function expectOneRequestTraced(
    start: (env: Record<string, string>) => Promise<ServerProcess>,
  ) {
    const collector = await startCollector();
    cleanups.push(() => new Promise((resolve) => collector.server.close(() => resolve())));
    const database = await createPostgresTestDatabase();
    cleanups.push(() => database.drop());
    const dataDir = await mkdtemp(join(tmpdir(), 'maya-traces-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    const server = await start({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'maya-market-traces-test',
    });
    servers.push(server);

    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const response = await fetch(`${server.url}/api/v1/users?q=padaria`, {
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(response.status).toBe(200);
    // The batch is not due yet: a stop (SIGTERM, the drain) must send it.
    await server.stop('SIGTERM');
    expect(server.child.exitCode).toBe(0);

    const trace = collector.spans.filter((span) => span.traceId === traceId);
    const httpServer = trace.find(
      (span) =>
        span.kind === SPAN_KIND_SERVER && span.scope === '@opentelemetry/instrumentation-http',
    );
    expect(httpServer, JSON.stringify(trace.map((span) => [span.scope, span.name]))).toBeDefined();
    expect(httpServer!.parentSpanId).toBe(callerSpanId);
    expect(httpServer!.resource['service.name']).toBe('maya-market-traces-test');
    expect(httpServer!.resource['service.version']).toBeTruthy();

    const route = trace.filter((span) => span.scope === '@fastify/otel');
    expect(route.length).toBeGreaterThan(0);
    expect(route.every((span) => descendsFrom(span, httpServer!.spanId, trace))).toBe(true);
    expect(route.some((span) => attribute(span.attributes, 'http.route') === '/api/v1/users')).toBe(
      true,
    );

    const queries = trace.filter(
      (span) =>
        span.scope === '@opentelemetry/instrumentation-pg' &&
        span.kind === SPAN_KIND_CLIENT &&
        attribute(span.attributes, 'db.system.name') === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((span) => descendsFrom(span, httpServer!.spanId, trace))).toBe(true);
    // Only the statement is recorded, never the values bound to it.
    expect(JSON.stringify(queries)).not.toContain('padaria');
    // Probes are not traced.
    expect(
      collector.spans.some((span) => attribute(span.attributes, 'url.path') === '/readyz'),
    ).toBe(false);
  }

  it('sends a request’s HTTP, route and PostgreSQL spans in the caller’s trace to the OTLP collector', async () => {
    await expectOneRequestTraced((env) => startServerProcess(env, { readyWithinMs: 120_000 }));
  });

  it('does the same from the built server', async () => {
    await mkdir(join(root, 'apps/server/node_modules/.cache'), { recursive: true });
    const bundle = await mkdtemp(join(root, 'apps/server/node_modules/.cache/maya-traces-'));
    cleanups.push(() => rm(bundle, { recursive: true, force: true }));
    await run(process.execPath, ['scripts/build-server.mjs', bundle], {
      cwd: root,
      env: commandEnv({}),
    });
    await expectOneRequestTraced((env) => startBundle(bundle, env));
  });
});
