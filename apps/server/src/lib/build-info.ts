/**
 * What is running: the product's version (the root package.json's) and the git commit it was
 * built from, baked into the bundle by scripts/build-server.mjs. Run from source (npm run dev,
 * tests), nothing is baked and both read `dev`.
 */
export interface BuildInfo {
  version: string;
  commit: string;
  /** The Node.js version the process runs on. */
  node: string;
}

// Replaced by esbuild's `define` in the bundle; left undeclared at run time from source.
declare const __MAYA_BUILD__: { version?: string; commit?: string } | undefined;

const baked = typeof __MAYA_BUILD__ === 'undefined' ? undefined : __MAYA_BUILD__;

export const buildInfo: BuildInfo = Object.freeze({
  version: baked?.version || 'dev',
  commit: baked?.commit || 'dev',
  node: process.version,
});
