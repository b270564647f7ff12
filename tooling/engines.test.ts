import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
  os?: string[];
}

const root = new URL('../', import.meta.url);
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
};

// The oldest release of each line the project supports: Node 20 (maintenance until April 2026,
// still in use), 22 and 24 (LTS).
const supported = ['20.19.0', '22.13.0', '24.0.0'];

describe('Node versions', () => {
  it('the project declares the versions it is tested on', () => {
    for (const version of supported) {
      expect(semver.satisfies(version, manifest.engines.node), version).toBe(true);
    }
  });

  it('every installed package supports them, so npm ci warns of no engine', () => {
    const refusals: string[] = [];
    for (const [path, locked] of Object.entries(lock.packages)) {
      const range = Array.isArray(locked.engines) ? undefined : locked.engines?.node;
      // A platform binary for another system (sharp's win32-ia32 build) is never installed here.
      if (!range || (locked.optional && locked.os && !locked.os.includes('linux'))) continue;
      for (const version of supported) {
        if (!semver.satisfies(version, range)) {
          refusals.push(`${path}@${locked.version} wants node ${range}, not ${version}`);
        }
      }
    }
    expect(refusals).toEqual([]);
  });
});
