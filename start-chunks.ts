/**
 * How the code a prerendered page loads before any action is cut into files. Left to itself, the bundler cuts the
 * app's start into some forty small shared chunks, and each file is compressed on its own: together they weigh
 * about a tenth more than the same code in a few files. The start is cut instead into the three steps that
 * src/entry.ts evaluates in tasks of their own (so that none is one long task on a phone's CPU):
 *   1. `react`: React and React DOM;
 *   2. `actors`: what src/actors/app.ts imports, XState with it;
 *   3. `views`: what src/main.tsx imports besides.
 * Everything else (each page's own code, and what loads on demand) is cut by the bundler as before.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

type ModuleInfoOf = (id: string) => { importedIds: readonly string[] } | null;

/** Every module `root` imports statically, transitively, itself included. */
function staticClosure(root: string, info: ModuleInfoOf): Set<string> {
  const found = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    for (const imported of info(id)?.importedIds ?? []) pending.push(imported);
  }
  return found;
}

/** The chunk name of each module of the start, for `output.codeSplitting.groups[].name`. */
export function startChunkName(root: string): Rolldown.CodeSplittingNameFunction {
  const actorsEntry = path.resolve(root, 'src/actors/app.ts');
  const viewsEntry = path.resolve(root, 'src/main.tsx');
  const pageScript = path.resolve(root, 'src/entry.ts');
  let closures: { script: Set<string>; actors: Set<string>; views: Set<string> } | null = null;
  return (id, context) => {
    // src/main.tsx keeps a file of its own, under its name: the prerendering looks it up in Vite's manifest.
    if (id === viewsEntry || !path.isAbsolute(id)) return null;
    if (REACT.test(id)) return 'react';
    const info = (moduleId: string) => context.getModuleInfo(moduleId);
    closures ??= { script: staticClosure(pageScript, info), actors: staticClosure(actorsEntry, info), views: staticClosure(viewsEntry, info) };
    // What the page's script needs before the first action is never in a step it fetches after (pageScriptChunkName).
    if (closures.script.has(id)) return null;
    if (closures.actors.has(id)) return 'actors';
    if (closures.views.has(id)) return 'views';
    return null;
  };
}

// Vite's preload helper, and the modulepreload polyfill that a second HTML entry (the Microsoft redirect page)
// would otherwise split into a file of its own.
const PRELOAD_HELPER = /^\0vite\/(preload-helper|modulepreload-polyfill)/;
const STYLES = /\.css($|\?)/;

/**
 * The bundler puts a group's dependencies into its chunk: a module that src/entry.ts shares with the app (Vite's
 * preload helper, the boot attributes, the referral) would go into `actors` or `views`, and the page's script
 * would load the whole start before the visitor's first action. They are captured first, into a `page-script`
 * file of their own; src/entry.ts itself stays the entry chunk.
 */
export function pageScriptChunkName(root: string): Rolldown.CodeSplittingNameFunction {
  const pageScript = path.resolve(root, 'src/entry.ts');
  let closure: Set<string> | null = null;
  return (id, context) => {
    if (PRELOAD_HELPER.test(id)) return 'page-script';
    if (id === pageScript || !path.isAbsolute(id) || STYLES.test(id)) return null;
    closure ??= staticClosure(pageScript, (moduleId) => context.getModuleInfo(moduleId));
    return closure.has(id) ? 'page-script' : null;
  };
}

export function startCodeSplitting(root: string): Rolldown.CodeSplittingOptions {
  return {
    groups: [
      { name: pageScriptChunkName(root), priority: 2 },
      { name: startChunkName(root), priority: 1 },
    ],
  };
}
