import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from './config.js';

describe('configuration', () => {
  it('documents every key in .env.example and describes each in the schema', () => {
    const example = readFileSync(new URL('../../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
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
});
