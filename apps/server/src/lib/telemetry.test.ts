import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildInfo } from './build-info.js';
import { startTelemetry, tracingOptions } from './telemetry.js';

const configFrom = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env });

describe('tracing settings', () => {
  it('is off without an OTLP endpoint, and then starts nothing', async () => {
    const config = configFrom({ OTEL_SERVICE_NAME: 'named-but-off' });
    expect(tracingOptions(config)).toBeUndefined();
    await expect(startTelemetry(config)).resolves.toBeUndefined();
    // No tracer provider was registered: the global one is still the API's no-op proxy.
    const span = trace.getTracer('probe').startSpan('probe');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toBe('00000000000000000000000000000000');
    span.end();
  });

  it('posts to the base endpoint’s /v1/traces, as maya-market at the build’s version', () => {
    expect(
      tracingOptions(configFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })),
    ).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'maya-market',
      serviceVersion: buildInfo.version,
    });
  });

  it('uses the traces endpoint as given, over the base one, with the service name set', () => {
    const options = tracingOptions(
      configFrom({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/spans',
        OTEL_SERVICE_NAME: 'maya-eu',
      }),
    );
    expect(options?.tracesUrl).toBe('https://traces.example.com/otlp/spans');
    expect(options?.serviceName).toBe('maya-eu');
  });

  it('refuses an endpoint that is not an http(s) URL, and treats an empty one as unset', () => {
    expect(() => configFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(tracingOptions(configFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' }))).toBeUndefined();
  });
});
