import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandEnv, entryArgs } from '../test/server-process.js';
import { configSchema, loadConfig } from './config.js';

describe('configuration', () => {
  const folder = mkdtempSync(join(tmpdir(), 'maya-config-'));
  it('documents every key in .env.example and describes each in the schema', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    const keys = Object.keys(configSchema.shape);
    expect(documented.sort()).toEqual([...keys].sort());
    for (const key of keys) {
      expect(configSchema.shape[key as keyof typeof configSchema.shape].description).toBeTruthy();
    }
  });

  it('runs with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      SEED_DEMO: true,
      LOG_LEVEL: 'info',
      SOCKETS_PER_USER: 20,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad key when a setting is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ SOCKETS_PER_USER: '0' })).toThrow(/SOCKETS_PER_USER/);
  });

  it('times every request out by default, and refuses timeouts that would cut what they must not', () => {
    expect(loadConfig({})).toMatchObject({
      HTTP_REQUEST_TIMEOUT_MS: 60_000,
      HTTP_HEADERS_TIMEOUT_MS: 15_000,
      HTTP_CONNECTION_TIMEOUT_MS: 60_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() =>
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '10000', HTTP_HEADERS_TIMEOUT_MS: '20000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS: Must be at most HTTP_REQUEST_TIMEOUT_MS/);
    expect(() =>
      loadConfig({ HTTP_CONNECTION_TIMEOUT_MS: '30000', AI_TIMEOUT_MS: '30000' }),
    ).toThrow(/HTTP_CONNECTION_TIMEOUT_MS: Must be longer than AI_TIMEOUT_MS/);
  });

  it('seeds the demo by default, except in production unless asked to', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://mayamarket.example' };
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: '' }).SEED_DEMO).toBe(false);
  });

  it('reads TRUST_PROXY as off, a hop count, a list of proxy addresses or the old true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 127.0.0.1,loopback',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a demo password of at least 8 characters, or none', () => {
    expect(loadConfig({}).DEMO_PASSWORD).toBeUndefined();
    expect(loadConfig({ DEMO_PASSWORD: '' }).DEMO_PASSWORD).toBeUndefined();
    expect(loadConfig({ DEMO_PASSWORD: 'maya-demo-market' }).DEMO_PASSWORD).toBe(
      'maya-demo-market',
    );
    expect(() => loadConfig({ DEMO_PASSWORD: 'short' })).toThrow(/DEMO_PASSWORD/);
  });

  it('refuses a short metrics token and a metrics port that is the app port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: Must differ from PORT/,
    );
    const unset = loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' });
    expect([unset.METRICS_TOKEN, unset.METRICS_PORT]).toEqual([undefined, undefined]);
  });

  describe('web push', () => {
    const complete = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@mayamarket.example',
    };

    it('is off without keys and on with all three', () => {
      expect(loadConfig({}).VAPID_PUBLIC_KEY).toBeUndefined();
      expect(loadConfig(complete)).toMatchObject(complete);
      expect(
        loadConfig({ ...complete, VAPID_SUBJECT: 'https://mayamarket.example' }),
      ).toMatchObject({ VAPID_SUBJECT: 'https://mayamarket.example' });
    });

    it('refuses to start with only some of the keys, naming each missing one', () => {
      expect(() => loadConfig({ VAPID_PUBLIC_KEY: complete.VAPID_PUBLIC_KEY })).toThrow(
        /VAPID_PRIVATE_KEY: Required for web push, since VAPID_PUBLIC_KEY is set[\s\S]*VAPID_SUBJECT: Required for web push/,
      );
      expect(() => loadConfig({ ...complete, VAPID_SUBJECT: '' })).toThrow(/VAPID_SUBJECT: /);
    });

    it('refuses keys of the wrong shape and a subject that is neither mailto: nor https:', () => {
      expect(() => loadConfig({ ...complete, VAPID_PUBLIC_KEY: 'short' })).toThrow(
        /Not a VAPID public key/,
      );
      expect(() => loadConfig({ ...complete, VAPID_SUBJECT: 'http://example.com' })).toThrow(
        /mailto: or https:/,
      );
    });
  });

  describe('outbound requests', () => {
    it('allows push endpoints on 443, resolves with the system, and refuses loopback by default', () => {
      const config = loadConfig({});
      expect(config.PUSH_ENDPOINT_PORTS).toEqual([443]);
      expect(config.OUTBOUND_DNS_SERVERS).toBeUndefined();
      expect(config.OUTBOUND_ALLOW_LOOPBACK).toBeUndefined();
    });

    it('reads lists of ports and DNS servers, and names a bad entry', () => {
      const config = loadConfig({
        PUSH_ENDPOINT_PORTS: '443, 8443',
        OUTBOUND_DNS_SERVERS: '10.0.0.2, 127.0.0.1:5353,[::1]:53,2001:db8::1',
        OUTBOUND_ALLOW_LOOPBACK: '4390',
      });
      expect(config.PUSH_ENDPOINT_PORTS).toEqual([443, 8443]);
      expect(config.OUTBOUND_DNS_SERVERS).toEqual([
        '10.0.0.2',
        '127.0.0.1:5353',
        '[::1]:53',
        '2001:db8::1',
      ]);
      expect(config.OUTBOUND_ALLOW_LOOPBACK).toEqual([4390]);
      expect(() => loadConfig({ PUSH_ENDPOINT_PORTS: '443,https' })).toThrow(/PUSH_ENDPOINT_PORTS/);
      expect(() => loadConfig({ PUSH_ENDPOINT_PORTS: '70000' })).toThrow(/PUSH_ENDPOINT_PORTS/);
      expect(() => loadConfig({ OUTBOUND_DNS_SERVERS: 'dns.example.com' })).toThrow(
        /OUTBOUND_DNS_SERVERS/,
      );
    });

    it('refuses loopback for addresses people give in production', () => {
      expect(
        loadConfig({ NODE_ENV: 'development', OUTBOUND_ALLOW_LOOPBACK: '4390' }),
      ).toMatchObject({ OUTBOUND_ALLOW_LOOPBACK: [4390] });
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://mayamarket.example',
          OUTBOUND_ALLOW_LOOPBACK: '4390',
        }),
      ).toThrow(/OUTBOUND_ALLOW_LOOPBACK: Not allowed in production/);
    });
  });

  describe('S3 storage', () => {
    const complete = {
      S3_BUCKET: 'maya-images',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('is off by default and on with a bucket and credentials', () => {
      expect(loadConfig({})).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
      expect(loadConfig({}).S3_BUCKET).toBeUndefined();
      expect(
        loadConfig({
          ...complete,
          S3_ENDPOINT: 'http://127.0.0.1:9000',
          S3_FORCE_PATH_STYLE: 'true',
          S3_PUBLIC_URL: 'https://cdn.example.com/images/',
        }),
      ).toMatchObject({
        ...complete,
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: true,
        S3_PUBLIC_URL: 'https://cdn.example.com/images',
      });
    });

    it('refuses to start with a bucket but no credentials, naming each missing key', () => {
      expect(() => loadConfig({ S3_BUCKET: 'maya-images' })).toThrow(
        /S3_ACCESS_KEY_ID: Required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY: Required when S3_BUCKET is set/,
      );
      expect(() => loadConfig({ ...complete, S3_SECRET_ACCESS_KEY: '' })).toThrow(
        /S3_SECRET_ACCESS_KEY: /,
      );
    });

    it('refuses S3 settings without a bucket instead of silently keeping images on disk', () => {
      for (const key of ['S3_ENDPOINT', 'S3_PUBLIC_URL', 'S3_ACCESS_KEY_ID'] as const) {
        const value = key === 'S3_ACCESS_KEY_ID' ? 'AKIAEXAMPLE' : 'https://s3.example.com';
        expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(`${key}: Set S3_BUCKET too`));
      }
    });

    it('treats empty values as unset and refuses URLs that are not http(s)', () => {
      expect(loadConfig({ S3_BUCKET: '', S3_ENDPOINT: '', S3_PUBLIC_URL: '' }).S3_BUCKET).toBe(
        undefined,
      );
      expect(() => loadConfig({ ...complete, S3_PUBLIC_URL: 'javascript:alert(1)' })).toThrow(
        /S3_PUBLIC_URL/,
      );
      expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
      expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(
        /S3_FORCE_PATH_STYLE/,
      );
    });
  });

  describe('combinations that cannot work', () => {
    it('refuses a hosted AI provider without its key, and a compatible one without its address', () => {
      for (const provider of ['openai', 'anthropic']) {
        expect(() => loadConfig({ AI_PROVIDER: provider })).toThrow(
          `Invalid configuration: AI_API_KEY: Required when AI_PROVIDER is ${provider}`,
        );
        expect(loadConfig({ AI_PROVIDER: provider, AI_API_KEY: 'sk-test' }).AI_PROVIDER).toBe(
          provider,
        );
      }
      expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible' })).toThrow(
        /AI_BASE_URL: Required when AI_PROVIDER is openai-compatible/,
      );
      expect(
        loadConfig({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://127.0.0.1:11434/v1' })
          .AI_BASE_URL,
      ).toBe('http://127.0.0.1:11434/v1');
    });

    it('refuses production without the address people use', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /^Invalid configuration: PUBLIC_URL: Required when NODE_ENV is production/,
      );
      expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBe('http://localhost:3000');
    });
  });

  describe('secrets in files', () => {
    const secret = join(folder, 'ai_api_key');
    writeFileSync(secret, 'sk-from-a-file\n');

    it('reads KEY_FILE for any key, without its final newline', () => {
      const config = loadConfig({ AI_PROVIDER: 'openai', AI_API_KEY_FILE: secret });
      expect(config.AI_API_KEY).toBe('sk-from-a-file');
    });

    it('refuses a key given twice, and a file it cannot read', () => {
      expect(() => loadConfig({ AI_API_KEY: 'sk-inline', AI_API_KEY_FILE: secret })).toThrow(
        'Invalid configuration: AI_API_KEY_FILE: set AI_API_KEY or AI_API_KEY_FILE, not both',
      );
      const absent = join(folder, 'absent');
      expect(() => loadConfig({ SMTP_URL_FILE: absent })).toThrow(
        `Invalid configuration: SMTP_URL_FILE: ${absent} cannot be read (ENOENT)`,
      );
    });
  });

  // Each mistake an operator can make, as the server's process meets it: exit 1, one sentence.
  describe('a command started with a setting that cannot work', () => {
    const cases: [string, Record<string, string>, string][] = [
      [
        'an AI provider without a key',
        { AI_PROVIDER: 'openai' },
        'AI_API_KEY: Required when AI_PROVIDER is openai',
      ],
      [
        'half an S3 setting',
        { S3_BUCKET: 'maya-images', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
        'S3_SECRET_ACCESS_KEY: Required when S3_BUCKET is set',
      ],
      [
        'half the web push keys',
        { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) },
        'VAPID_SUBJECT: Required for web push',
      ],
      [
        'production without PUBLIC_URL',
        { NODE_ENV: 'production' },
        'PUBLIC_URL: Required when NODE_ENV is production',
      ],
      ['a value of the wrong kind', { PORT: 'eighty' }, 'PORT: '],
    ];
    it.each(cases)('%s: exits 1 with one sentence and no stack', (_name, env, sentence) => {
      const result = spawnSync(process.execPath, entryArgs('server'), {
        env: commandEnv({ DATA_DIR: join(folder, 'data'), ...env }),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^Invalid configuration: ${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  });
});
