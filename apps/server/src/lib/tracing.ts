import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { SocketIoInstrumentation } from '@opentelemetry/instrumentation-socket.io';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { createAddHookMessageChannel } from 'import-in-the-middle';

/** Probes and scrapes come every few seconds and say nothing about a request's path. */
const untracedPaths = new Set(['/healthz', '/readyz', '/metrics']);
const pathOf = (url: string | undefined) => (url ?? '').split('?', 1)[0]!;

/** What tracing is told: where spans go, and what the service is called. */
export interface TracingOptions {
  /** The URL OTLP/HTTP (JSON) span batches are posted to. */
  tracesUrl: string;
  serviceName: string;
  serviceVersion: string;
}

/** A started tracer: `shutdown` sends the spans still buffered, then stops exporting. */
export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry tracing, loaded only when an endpoint is configured (lib/telemetry.ts): spans for
 * HTTP (server and client), Fastify's routes and hooks, PostgreSQL queries, Redis commands and
 * Socket.IO events, sent in batches to an OTLP/HTTP collector. An incoming W3C `traceparent`
 * (and `baggage`) continues the caller's trace; its sampled flag is followed, and a request
 * without one starts a sampled trace.
 */
export async function startTracing(options: TracingOptions): Promise<Telemetry> {
  // ES modules are instrumented through a loader hook, registered before any instrumented
  // package is imported, and told only about the modules the instrumentations below hook.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.serviceVersion,
    }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: options.tracesUrl }) }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({
      propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
    }),
  );
  trace.setGlobalTracerProvider(provider);

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => untracedPaths.has(pathOf(request.url)),
      }),
      // Registered on each Fastify instance as it is created (Fastify's diagnostics channel).
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => untracedPaths.has(pathOf(route.url)),
      }),
      // Queries and commands inside a request or an event; the job queue's polling alone is not
      // traced. Query values are never recorded, only the statement text.
      new PgInstrumentation({ requireParentSpan: true }),
      new RedisInstrumentation({ requireParentSpan: true }),
      new SocketIoInstrumentation(),
    ],
  });
  await waitForAllMessagesAcknowledged();

  return {
    async shutdown() {
      await provider.shutdown();
    },
  };
}
