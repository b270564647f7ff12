import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.js';

describe('configuration', () => {
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
    expect(config).toMatchObject({ PORT: 3000, SEED_DEMO: true, LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the bad key when a setting is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
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
        /Required when S3_BUCKET is set[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
      );
      expect(() => loadConfig({ ...complete, S3_SECRET_ACCESS_KEY: '' })).toThrow(
        /at S3_SECRET_ACCESS_KEY/,
      );
    });

    it('refuses S3 settings without a bucket instead of silently keeping images on disk', () => {
      for (const key of ['S3_ENDPOINT', 'S3_PUBLIC_URL', 'S3_ACCESS_KEY_ID'] as const) {
        const value = key === 'S3_ACCESS_KEY_ID' ? 'AKIAEXAMPLE' : 'https://s3.example.com';
        expect(() => loadConfig({ [key]: value })).toThrow(
          new RegExp(`Set S3_BUCKET too[\\s\\S]*at ${key}`),
        );
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
});
