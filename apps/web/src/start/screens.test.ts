import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appShells, layouts, routes, screenModule, shellSegment } from './screens';

const root = join(import.meta.dirname, '..', '..');
const routeFiles = readdirSync(join(root, 'src', 'app', 'routes')).filter((file) =>
  file.endsWith('.route.tsx'),
);
const named = new Set([
  ...routes.flatMap((route) => [route.screen, ...(route.signedIn ? [route.signedIn.screen] : [])]),
  ...Object.values(appShells).map((shell) => shell.screen),
]);

describe('the screens manifest (screens.json)', () => {
  it('names only route modules that exist, and every route module', () => {
    for (const screen of named)
      expect(existsSync(join(root, screenModule(screen))), screen).toBe(true);
    expect(routeFiles.map((file) => file.replace(/\.route\.tsx$/, '')).sort()).toEqual(
      [...named].sort(),
    );
  });

  it('lists each path once, from the root', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\//);
  });

  it('gives each public shell its own segment, apart from the app shells', () => {
    const segments = routes.filter((route) => route.publicShell).map((r) => shellSegment(r.path));
    expect(new Set(segments).size).toBe(segments.length);
    for (const segment of Object.keys(appShells)) expect(segments).not.toContain(segment);
  });

  it('answers every app shell at a path of its own screen, and only signed-in ones', () => {
    for (const [segment, shell] of Object.entries(appShells)) {
      const at = routes.filter((route) => route.appShell === segment);
      expect(at.length, segment).toBeGreaterThan(0);
      for (const route of at) expect(route.screen).toBe(shell.screen);
    }
    for (const route of routes) {
      if (route.appShell) expect(route.publicShell, route.path).toBeUndefined();
      if (route.access === 'by-session') expect(route.signedIn, route.path).toBeDefined();
    }
  });

  it('names layout and preload modules that exist', () => {
    const modules = [
      ...layouts.public,
      ...layouts.signedIn,
      ...Object.values(appShells).flatMap((shell) => shell.preloads),
    ];
    for (const module of modules) expect(existsSync(join(root, module)), module).toBe(true);
  });
});
