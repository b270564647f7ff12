import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** `KEY=` in an env file means unset, as if the line were not there. */
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
/** A comma-separated list of proxy addresses as proxy-addr reads them: IPs, CIDRs or its names. */
function isProxyList(value: string): boolean {
  return value.split(',').every((item) => {
    const entry = item.trim();
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !isIP(address)) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
  });
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// URL' });

/** A comma-separated list of TCP ports. */
const portList = z
  .string()
  .regex(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, 'Must be a comma-separated list of ports')
  .transform((value) => value.split(',').map((port) => Number(port.trim())))
  .refine(
    (ports) => ports.every((port) => port >= 1 && port <= 65535),
    'Ports run from 1 to 65535',
  );

/** A DNS server as `dns.Resolver.setServers` takes it: `ip`, `ip:port` or `[ipv6]:port`. */
function isDnsServer(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  const withPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
  const [address, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : withPort
      ? [withPort[1]!, withPort[2]]
      : [entry, undefined];
  return (
    isIP(address) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535))
  );
}

/**
 * Every setting the server reads, with its default and meaning. This is the only module that
 * touches process.env (enforced by lint), so the schema below is the complete list.
 */
export const configSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('development')
    .describe('Runtime mode; production hides nothing more but disables pretty logs.'),
  HOST: z.string().default('0.0.0.0').describe('Interface the HTTP server binds to.'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port.'),
  PUBLIC_URL: z
    .url()
    .default('http://localhost:3000')
    .describe(
      'Origin people use to reach the app; used for links in mail and the CSRF origin check.',
    ),
  DATA_DIR: z
    .string()
    .default('./data')
    .transform((dir) => resolve(dir))
    .describe('Folder for the embedded database, uploads and the mail outbox.'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe(
      'PostgreSQL connection string; when unset the embedded PGlite database in DATA_DIR is used.',
    ),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(1_500)
    .describe(
      'PostgreSQL: longest wait for a connection; past it the request is answered 503 UNAVAILABLE.',
    ),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(3_000)
    .describe(
      'PostgreSQL: longest a statement may run (a frozen server is given up 500 ms later); past it the request is answered 503 UNAVAILABLE.',
    ),
  DATABASE_QUEUE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(1500)
    .describe(
      "Embedded database: longest a request may have waited for the one in-process connection in all (from its arrival to its first statement's turn, then each later statement's wait for its turn; not the time it spends on its own work between statements) when one of its statements takes its turn; past it the request is answered 503 UNAVAILABLE with Retry-After, so none waits much over this.",
    ),
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe(
      "PostgreSQL: the most connections each server process opens for requests and jobs (the limits and events pools come on top); keep every instance's sum under the database's max_connections.",
    ),
  DATABASE_LIMITS_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe(
      'PostgreSQL: the most connections each server process opens for counting limits there (when REDIS_URL is unset).',
    ),
  DATABASE_EVENTS_POOL_MAX: z.coerce
    .number()
    .int()
    .min(2)
    .max(1000)
    .default(5)
    .describe(
      'PostgreSQL: the most connections each server process opens for sharing real-time events there (when REDIS_URL is unset); one of them listens all the time.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Minimum level written to the log.'),
  SEED_DEMO: z
    .preprocess(unsetWhenEmpty, booleanFromEnv.optional())
    .describe(
      'Seed demo sellers and buyers into an empty database at start-up; defaults to true, except when NODE_ENV is production.',
    ),
  DEMO_PASSWORD: z
    .preprocess(unsetWhenEmpty, z.string().min(8).max(200).optional())
    .describe(
      'Password of the demo accounts when they are seeded; unset, a random one is made and shown only on the terminal.',
    ),
  TRUST_PROXY: z
    .preprocess(
      unsetWhenEmpty,
      z
        .union([
          z
            .enum(['true', 'false', 'yes', 'no'])
            .transform((value) => value === 'true' || value === 'yes'),
          z
            .string()
            .regex(/^\d{1,2}$/)
            .transform(Number),
          z
            .string()
            .refine(
              isProxyList,
              'Must be true, false, a hop count or a comma-separated list of proxy addresses (IPs, CIDRs, loopback, linklocal, uniquelocal)',
            ),
        ])
        .default(false),
    )
    .describe(
      'Which X-Forwarded-For entry is the client: a hop count (1 behind one load balancer that appends the address it saw), or the addresses of trusted proxies (comma-separated IPs or CIDRs); true trusts every hop, so the leftmost entry, which a client can forge.',
    ),
  METRICS_TOKEN: z
    .preprocess(unsetWhenEmpty, z.string().min(16).max(200).regex(/^\S+$/).optional())
    .describe(
      'Bearer token a Prometheus scrape of /metrics must send (at least 16 characters); with neither it nor METRICS_PORT, /metrics is not served.',
    ),
  METRICS_PORT: z
    .preprocess(unsetWhenEmpty, z.coerce.number().int().min(1).max(65535).optional())
    .describe(
      'A port of its own for /metrics, on HOST (keep it off the public network); when set, /metrics is not served on PORT.',
    ),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .preprocess(unsetWhenEmpty, httpUrl.optional())
    .describe(
      'OpenTelemetry: base URL of an OTLP/HTTP collector (e.g. http://otel-collector:4318); traces go to its /v1/traces. With neither this nor OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, tracing is off and none of it loads.',
    ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .preprocess(unsetWhenEmpty, httpUrl.optional())
    .describe(
      'OpenTelemetry: the full URL traces are posted to (OTLP over HTTP, JSON), used as given; wins over OTEL_EXPORTER_OTLP_ENDPOINT.',
    ),
  OTEL_SERVICE_NAME: z
    .preprocess(unsetWhenEmpty, z.string().min(1).max(200).default('maya-market'))
    .describe(
      "OpenTelemetry: the service name on every span (the build's version is its service.version).",
    ),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1_048_576)
    .describe('Largest JSON body accepted, in bytes.'),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(60_000)
    .describe(
      "Longest a request's headers and body may take to arrive, so a slow upload of the largest gallery still fits; past it the request is answered 408 REQUEST_TIMEOUT and the connection closed. The response may take longer.",
    ),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(15_000)
    .describe(
      "Longest a request's headers may take to arrive (at most HTTP_REQUEST_TIMEOUT_MS); past it, 408 REQUEST_TIMEOUT.",
    ),
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(60_000)
    .describe(
      "Longest a connection may carry nothing either way while a request or its response is under way (a client that stops reading, say); then it is closed. Longer than AI_TIMEOUT_MS, since Maya's streamed reply may be silent while the model thinks. WebSockets are exempt (they keep their own pings).",
    ),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(72_000)
    .describe(
      'Longest an idle kept-alive connection waits for its next request. Keep it longer than the idle timeout of a load balancer in front (60 s for nginx and AWS ALB), so the balancer, not the server, closes idle connections.',
    ),
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .describe('Map tile URL template; its host is allowed by the Content-Security-Policy.'),
  REDIS_URL: z
    .string()
    .optional()
    .describe(
      'Redis for sharing real-time events between processes; without it PostgreSQL (when DATABASE_URL is set) or memory is used.',
    ),
  LIMITS_STORE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(5_000)
    .default(250)
    .describe(
      "Longest a limit (throttle, route rate limit, budget) waits for its shared store (Redis or PostgreSQL); past it, or when the store fails, it counts in this process's memory until the store answers again.",
    ),
  SOCKETS_PER_USER: z.coerce
    .number()
    .int()
    .positive()
    .default(20)
    .describe(
      'Most real-time sockets one user may hold open in one process; opening one more closes their oldest.',
    ),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024)
    .describe('Largest image file accepted, in bytes.'),
  UPLOAD_MAX_FILES: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('Most files in one upload request.'),
  UPLOAD_MAX_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(40_000_000)
    .describe('Largest image in pixels (width × height); stops decompression bombs.'),
  SMTP_URL: z
    .string()
    .optional()
    .describe(
      'SMTP server for outgoing mail, e.g. smtps://user:pass@mail.example:465; unset writes mail to DATA_DIR/outbox.',
    ),
  OUTBOX_LOG_LINKS: z
    .preprocess(unsetWhenEmpty, booleanFromEnv.optional())
    .describe(
      "Without SMTP_URL, log each outboxed mail's link so a local user can follow it; default on, except with NODE_ENV=production, where links carry live tokens and stay out of the log.",
    ),
  MAIL_FROM: z
    .string()
    .default('Maya Market <no-reply@mayamarket.example>')
    .describe('Sender of outgoing mail.'),
  MESSAGE_MAIL_DELAY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe(
      'How long a message stays unread before its recipient is mailed about it, and the shortest time between two such mails.',
    ),
  MAIL_LINK_SECRET: z
    .preprocess(unsetWhenEmpty, z.string().min(32).optional())
    .describe(
      'Secret that signs the links in mails that work without signing in, the one-click unsubscribe and the appeal of a decision (at least 32 characters); unset, one is made and kept in the database.',
    ),
  VAPID_PUBLIC_KEY: z
    .preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(/^[\w-]{87}$/, 'Not a VAPID public key')
        .optional(),
    )
    .describe(
      'Web push: the VAPID public key (base64url, from `npx web-push generate-vapid-keys`). With VAPID_PRIVATE_KEY and VAPID_SUBJECT, the account page offers notifications on the device; unset, push is off.',
    ),
  VAPID_PRIVATE_KEY: z
    .preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(/^[\w-]{43}$/, 'Not a VAPID private key')
        .optional(),
    )
    .describe('Web push: the VAPID private key (base64url); stays on the server.'),
  VAPID_SUBJECT: z
    .preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'Must be a mailto: or https: URL')
        .optional(),
    )
    .describe(
      'Web push: how a push service reaches the operator, a mailto: or https: URL (e.g. mailto:ops@example.com).',
    ),
  PUSH_ENDPOINT_PORTS: z
    .preprocess(unsetWhenEmpty, portList.default([443]))
    .describe(
      "Web push: the ports a browser's push endpoint may be on (comma-separated); every push service of the major browsers uses 443.",
    ),
  OUTBOUND_DNS_SERVERS: z
    .preprocess(
      unsetWhenEmpty,
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .refine(
          (servers) => servers.every(isDnsServer),
          'Must be a comma-separated list of DNS servers: ip, ip:port or [ipv6]:port',
        )
        .optional(),
    )
    .describe(
      "DNS servers (comma-separated ip or ip:port) that resolve the host names of addresses people give the server (push endpoints) before it checks them; unset, the system's resolver does.",
    ),
  OUTBOUND_ALLOW_LOOPBACK: z
    .preprocess(unsetWhenEmpty, portList.optional())
    .describe(
      'Development and tests only (refused in production): loopback ports (comma-separated) that addresses people give may reach, over http: or https:, e.g. a local stand-in for a push service. Unset, loopback is refused like every internal address.',
    ),
  JOBS_POLL_SECONDS: z.coerce
    .number()
    .min(0.5)
    .default(2)
    .describe('How often each process asks the job queue for due work (mail, delayed jobs).'),
  JOBS_KEEP_FINISHED_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(3600)
    .describe(
      "How long a finished job's row (done, or failed for good) stays in the job table, and then in its archive, before it is deleted.",
    ),
  AI_PROVIDER: z
    .enum(['builtin', 'openai', 'anthropic', 'openai-compatible'])
    .default('builtin')
    .describe(
      'Who drives Maya: the built-in model (no network), OpenAI, Anthropic or any OpenAI-compatible server.',
    ),
  AI_API_KEY: z.string().optional().describe('API key of the AI provider; stays on the server.'),
  AI_BASE_URL: z
    .url()
    .optional()
    .describe('Base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1.'),
  AI_MODEL: z.string().optional().describe('Model name at the provider, e.g. gpt-4-turbo.'),
  AI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0.75).describe('Sampling temperature.'),
  AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(30_000)
    .describe('Longest a reply may take.'),
  AUTH_THROTTLE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(900)
    .describe(
      'How long failed sign-ins and reset requests count against an account or address; a pause ends with it.',
    ),
  PLAN_CURRENCY: z
    .string()
    .length(3)
    .default('EUR')
    .describe('Currency of plan prices (ISO 4217).'),
  PRO_PRICE_YEARLY: z.coerce
    .number()
    .positive()
    .default(147)
    .describe('Price of the Pro plan per year.'),
  PRO_PRICE_MONTHLY: z.coerce
    .number()
    .positive()
    .default(15)
    .describe('Price of the Pro plan per month.'),
  PAYMENT_LINK_YEARLY: z
    .url()
    .optional()
    .describe('Hosted payment page for Pro, yearly (e.g. a Stripe Payment Link).'),
  PAYMENT_LINK_MONTHLY: z.url().optional().describe('Hosted payment page for Pro, monthly.'),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_')
    .optional()
    .describe('Signing secret of the Stripe webhook endpoint; unset switches the webhook off.'),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(300)
    .describe('Oldest signed event accepted, in seconds; older ones are refused as replays.'),
  S3_BUCKET: z
    .preprocess(unsetWhenEmpty, z.string().min(1).max(255).optional())
    .describe(
      'S3-compatible bucket for uploaded images; unset keeps them in DATA_DIR/uploads. Needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    ),
  S3_REGION: z
    .preprocess(unsetWhenEmpty, z.string().min(1).default('us-east-1'))
    .describe('Region of the bucket (any value for most S3-compatible servers).'),
  S3_ENDPOINT: z
    .preprocess(unsetWhenEmpty, httpUrl.optional())
    .describe(
      'Endpoint of an S3-compatible server (MinIO, R2, ...), e.g. http://127.0.0.1:9000; unset uses AWS.',
    ),
  S3_ACCESS_KEY_ID: z
    .preprocess(unsetWhenEmpty, z.string().optional())
    .describe('Access key id for the bucket.'),
  S3_SECRET_ACCESS_KEY: z
    .preprocess(unsetWhenEmpty, z.string().optional())
    .describe('Secret access key for the bucket; stays on the server.'),
  S3_FORCE_PATH_STYLE: z
    .preprocess(unsetWhenEmpty, booleanFromEnv.default(false))
    .describe(
      'Address the bucket as ENDPOINT/BUCKET/key instead of BUCKET.ENDPOINT/key (MinIO and most self-hosted servers need true).',
    ),
  S3_PUBLIC_URL: z
    .preprocess(unsetWhenEmpty, httpUrl.transform((url) => url.replace(/\/+$/, '')).optional())
    .describe(
      'Base URL browsers load images from (a CDN or public bucket URL; a key is appended after a slash); unset, the server streams them from the bucket at /uploads/.',
    ),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(0)
    .describe(
      'On SIGTERM or SIGINT, how long /readyz answers 503 while the server still serves, so a load balancer stops sending before the listener closes; then in-flight requests get 10 s to finish.',
    ),
  WEB_DIST_DIR: z
    .string()
    .default('apps/web/dist')
    .transform((dir) => resolve(dir))
    .describe('Folder of the built web app served at /.'),
  LEXICON_DIR: z
    .preprocess(unsetWhenEmpty, z.string().optional())
    .transform((dir) => (dir === undefined ? undefined : resolve(dir)))
    .describe(
      'Folder of the word lists search and Maya read (trades, places, filler…); unset uses the shipped apps/server/src/lib/lexicon/words.',
    ),
});

/**
 * Settings that only make sense together: S3 storage and web push are all or nothing; metrics need
 * their own port.
 */
const checkedConfigSchema = configSchema.superRefine((config, context) => {
  const missing = (key: string, message: string) =>
    context.addIssue({ code: 'custom', path: [key], message });
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) {
    missing('METRICS_PORT', 'Must differ from PORT (metrics get a port of their own)');
  }
  checkVapid(config, missing);
  if (config.HTTP_HEADERS_TIMEOUT_MS > config.HTTP_REQUEST_TIMEOUT_MS) {
    missing(
      'HTTP_HEADERS_TIMEOUT_MS',
      'Must be at most HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
  }
  if (config.HTTP_CONNECTION_TIMEOUT_MS <= config.AI_TIMEOUT_MS) {
    missing(
      'HTTP_CONNECTION_TIMEOUT_MS',
      "Must be longer than AI_TIMEOUT_MS (Maya's streamed reply may be silent that long)",
    );
  }
  if (config.OUTBOUND_ALLOW_LOOPBACK && config.NODE_ENV === 'production') {
    missing(
      'OUTBOUND_ALLOW_LOOPBACK',
      'Not allowed in production: addresses people give never reach this host',
    );
  }
  checkAiProvider(config, missing);
  if (config.S3_BUCKET) {
    if (!config.S3_ACCESS_KEY_ID)
      missing('S3_ACCESS_KEY_ID', 'Required when S3_BUCKET is set (images go to the bucket)');
    if (!config.S3_SECRET_ACCESS_KEY)
      missing('S3_SECRET_ACCESS_KEY', 'Required when S3_BUCKET is set (images go to the bucket)');
    return;
  }
  const orphans = (
    ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const
  ).filter((key) => config[key] !== undefined);
  for (const key of orphans) {
    missing(key, 'Set S3_BUCKET too, or remove this setting (images are kept on disk without it)');
  }
});

/**
 * A hosted model needs its key, and an OpenAI-compatible server its address: without them the
 * server would start, report ready, and fail every one of Maya's answers.
 */
function checkAiProvider(
  config: z.output<typeof configSchema>,
  missing: (key: string, message: string) => void,
) {
  if (
    (config.AI_PROVIDER === 'openai' || config.AI_PROVIDER === 'anthropic') &&
    !config.AI_API_KEY
  ) {
    missing('AI_API_KEY', `Required when AI_PROVIDER is ${config.AI_PROVIDER}`);
  }
  if (config.AI_PROVIDER === 'openai-compatible' && !config.AI_BASE_URL) {
    missing('AI_BASE_URL', 'Required when AI_PROVIDER is openai-compatible (the server to ask)');
  }
}

/** Web push needs its three keys together; any one alone is a mistake worth stopping for. */
function checkVapid(
  config: z.output<typeof configSchema>,
  missing: (key: string, message: string) => void,
) {
  const keys = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
  const set = keys.filter((key) => config[key] !== undefined);
  if (set.length === 0 || set.length === keys.length) return;
  for (const key of keys.filter((key) => config[key] === undefined)) {
    missing(
      key,
      `Required for web push, since ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set (or remove them: push stays off)`,
    );
  }
}

/** Defaults that depend on another setting. */
const resolvedConfigSchema = checkedConfigSchema.transform((config) => ({
  ...config,
  // A production database never gets demo accounts unless someone asks for them.
  SEED_DEMO: config.SEED_DEMO ?? config.NODE_ENV !== 'production',
  OUTBOX_LOG_LINKS: config.OUTBOX_LOG_LINKS ?? config.NODE_ENV !== 'production',
}));

export type Config = z.output<typeof resolvedConfigSchema>;

/** A setting that cannot work; the message has one line per mistake, naming the key. */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(problems.map((problem) => `Invalid configuration: ${problem}`).join('\n'));
    this.name = 'ConfigError';
  }
}

/**
 * `KEY_FILE` names a file holding KEY's value (Docker and Kubernetes secrets): read here, with
 * one final newline dropped, for every key the schema knows.
 */
function readSecretFiles(
  env: Record<string, string | undefined>,
  problems: string[],
): Record<string, string | undefined> {
  const resolved = { ...env };
  for (const key of Object.keys(configSchema.shape)) {
    const file = env[`${key}_FILE`];
    if (file === undefined) continue;
    if (env[key] !== undefined) {
      problems.push(`${key}_FILE: set ${key} or ${key}_FILE, not both`);
      continue;
    }
    try {
      resolved[key] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(`${key}_FILE: ${file} cannot be read (${code})`);
    }
  }
  return resolved;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const resolved = readSecretFiles(env, problems);
  // Mail links, the CSRF origin and Secure cookies are built on it: production must say it.
  if (resolved.NODE_ENV === 'production' && resolved.PUBLIC_URL === undefined) {
    problems.push(
      'PUBLIC_URL: Required when NODE_ENV is production (the address people use; mail links are built on it)',
    );
  }
  const parsed = resolvedConfigSchema.safeParse(resolved);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join('.') || 'environment'}: ${issue.message}`);
    }
  }
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

/** loadConfig for a command's entry: a bad setting ends the process with its sentence, no stack. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Environment variables that tests and tools may read through this module only. */
export function readEnv(
  name: 'DATABASE_URL' | 'CI' | 'VITEST' | 'MAYA_LIGHT_HASHING',
): string | undefined {
  return process.env[name];
}
