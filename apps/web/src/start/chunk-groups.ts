// Fewer chunks for what every page, or every signed-in screen, loads before its first paint.
import { resolve } from 'node:path';
import { build, type InlineConfig, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/**
 * A layout some pages always draw, by the modules it starts from (the top bar; the side drawer
 * with the saved-cache restore). The chunks it imports statically are split by which of the app's
 * lazy parts share each module, so a layout comes in tens of small chunks, each a request, a
 * preload and a task of its own on arrival. Every page that draws the layout loads them all
 * before its first paint anyway: as one chunk, they cost no page a byte.
 */
export interface LayoutChunk {
  /** The chunk's name. */
  name: string;
  /** The layout's modules, each imported dynamically, relative to the web app. */
  modules: string[];
  /**
   * The modules that pages which do not draw this layout paint with: what they import
   * statically stays out, so none of them loads the layout's chunk for its first paint.
   */
  drawnWithout?: string[];
  /**
   * The modules that pages which draw this layout paint with, when not every page does: a chunk
   * that anything else imports (a part some page loads later, on demand) stays out too.
   */
  drawnWith?: string[];
}

/** `from` and every chunk it imports statically, by file name. */
function staticClosure(byFile: Map<string, OutputChunk>, from: string[], into = new Set<string>()) {
  const queue = [...from];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (into.has(file)) continue;
    into.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return into;
}

/**
 * A code-splitting group (Rolldown's `output.codeSplitting.groups`) that makes one chunk of each
 * layout's static imports, less what the page's start (`start`: the entry, the app's start) and
 * the layouts before it already hold.
 *
 * Which module goes where is read off a first build of `config` that writes nothing: a whole
 * chunk of it moves into a layout's chunk or stays as it is. The static graph alone would not do:
 * a package's index re-exports all of it, so it reaches modules that tree-shaking leaves out of
 * the importer's chunk. Whole chunks keep the chunks acyclic: a layout's chunk imports only the
 * start's chunks and the earlier layouts' chunks, which never import it back (both are closed
 * under static imports).
 */
export async function layoutChunks(
  config: InlineConfig,
  start: string[],
  layouts: LayoutChunk[],
): Promise<Rolldown.CodeSplittingGroup> {
  const root = config.root ?? process.cwd();
  const path = (module: string) => resolve(root, module);
  const built = await build({
    ...config,
    configFile: false,
    logLevel: 'warn',
    build: { ...config.build, write: false, manifest: false, emptyOutDir: false },
  });
  const outputs = Array.isArray(built) ? built : [built];
  const chunks = outputs.flatMap((output) =>
    'output' in output ? output.output.filter((item) => item.type === 'chunk') : [],
  );
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (module: string) => {
    const id = path(module);
    const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
    if (!chunk) throw new Error(`layoutChunks: ${module} is not in the build`);
    return chunk.fileName;
  };

  const importers = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const file of chunk.imports)
      importers.set(file, [...(importers.get(file) ?? []), chunk.fileName]);
  }

  const taken = staticClosure(byFile, start.map(chunkOf));
  const member = new Map<string, string>();
  for (const layout of layouts) {
    const outside = staticClosure(byFile, (layout.drawnWithout ?? []).map(chunkOf));
    const drawnWith =
      layout.drawnWith &&
      staticClosure(byFile, [...layout.modules, ...layout.drawnWith].map(chunkOf));
    const elsewhere = (file: string) =>
      drawnWith !== undefined &&
      (importers.get(file) ?? []).some((importer) => !drawnWith.has(importer));
    for (const file of staticClosure(byFile, layout.modules.map(chunkOf))) {
      if (taken.has(file) || outside.has(file) || elsewhere(file)) continue;
      taken.add(file);
      for (const id of byFile.get(file)!.moduleIds) member.set(id, layout.name);
    }
  }
  return {
    name: (id) => member.get(id) ?? null,
    priority: 3,
    // A module's imports stay where the first build put them (see above).
    includeDependenciesRecursively: false,
  };
}
