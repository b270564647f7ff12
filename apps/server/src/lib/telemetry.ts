import type { Config } from '../config.js';
import { buildInfo } from './build-info.js';

// Types only: tracing.ts itself (OpenTelemetry and its hooks) loads when tracing is on.
import type { Telemetry, TracingOptions } from './tracing.js';

export type { Telemetry, TracingOptions } from './tracing.js';

type TelemetryConfig = Pick<
  Config,
  'OTEL_EXPORTER_OTLP_ENDPOINT' | 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' | 'OTEL_SERVICE_NAME'
>;

/**
 * Tracing's settings as OpenTelemetry's variables define them: the traces endpoint as given, or
 * the base endpoint with `/v1/traces` appended; undefined when neither is set (tracing is off).
 */
export function tracingOptions(config: TelemetryConfig): TracingOptions | undefined {
  const tracesUrl =
    config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (config.OTEL_EXPORTER_OTLP_ENDPOINT &&
      `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (!tracesUrl) return undefined;
  return {
    tracesUrl,
    serviceName: config.OTEL_SERVICE_NAME,
    serviceVersion: buildInfo.version,
  };
}

/**
 * Starts OpenTelemetry tracing when it is configured, and does nothing otherwise: without an
 * endpoint no OpenTelemetry module is even loaded. Call it before the database client, Fastify,
 * pg, Redis or Socket.IO is first imported, since their instrumentations hook module loading.
 */
export async function startTelemetry(config: TelemetryConfig): Promise<Telemetry | undefined> {
  const options = tracingOptions(config);
  if (!options) return undefined;
  const { startTracing } = await import('./tracing.js');
  return startTracing(options);
}
