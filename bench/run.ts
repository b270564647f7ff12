/**
 * `npm run bench [-- <name> …]`: runs each bench/*.bench.ts (or only the named ones) in a
 * process of its own, one after another, so one benchmark's heap and JIT never colour another's.
 * Each prints its table and writes bench/results/<name>.json. Exits non-zero if any failed.
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);

const all = (await readdir(benchDir))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const unknown = wanted.filter((name) => !all.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${all.join(', ')}`);
  process.exit(1);
}
const selected = wanted.length > 0 ? wanted : all;

const failed: string[] = [];
for (const name of selected) {
  console.log(`\n=== ${name} ===`);
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${benchDir}${name}.bench.ts`], {
      stdio: 'inherit',
    });
    child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) failed.push(name);
}

console.log(
  `\n${selected.length - failed.length} benchmark(s) ran${failed.length > 0 ? `, ${failed.length} failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length > 0 ? 1 : 0);
