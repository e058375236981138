import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { startChunkName, startCodeSplitting } from '../../../start-chunks';

const ROOT = '/repo';
const file = (name: string) => `${ROOT}/${name}`;

/** A small app: the entry's two steps, a page loaded on demand, and what each imports. */
const GRAPH: Record<string, string[]> = {
  [file('src/entry.ts')]: [file('src/prerender/startFailure.ts')],
  [file('src/prerender/startFailure.ts')]: [],
  [file('src/actors/app.ts')]: [file('machines/app.machine.ts'), file('node_modules/xstate/dist/xstate.esm.js')],
  [file('machines/app.machine.ts')]: [file('node_modules/xstate/dist/xstate.esm.js'), '\0vite/preload-helper.js'],
  [file('node_modules/xstate/dist/xstate.esm.js')]: [],
  [file('src/main.tsx')]: [file('src/app/App.tsx'), file('src/actors/app.ts'), file('node_modules/react-dom/client.js')],
  [file('src/app/App.tsx')]: [file('src/actors/app.ts'), file('node_modules/react/index.js'), file('src/prerender/startFailure.ts')],
  [file('node_modules/react-dom/client.js')]: [file('node_modules/scheduler/index.js'), file('node_modules/react/index.js')],
  [file('node_modules/react/index.js')]: [],
  [file('node_modules/scheduler/index.js')]: [],
  [file('src/features/home/HomePage.tsx')]: [file('src/app/App.tsx'), file('src/features/home/hero.ts')],
  [file('src/features/home/hero.ts')]: [],
};

const context: Rolldown.ChunkingContext = {
  getModuleInfo: (id) => (id in GRAPH ? ({ importedIds: GRAPH[id] } as unknown as ReturnType<Rolldown.ChunkingContext['getModuleInfo']>) : null),
};

describe('the start of a page is cut into the three steps src/entry.ts evaluates', () => {
  const nameOf = startChunkName(ROOT);

  it('puts React and React DOM in one file, the actors in a second and the views in a third', () => {
    expect(nameOf(file('node_modules/react-dom/client.js'), context)).toBe('react');
    expect(nameOf(file('node_modules/scheduler/index.js'), context)).toBe('react');
    expect(nameOf(file('node_modules/react/index.js'), context)).toBe('react');
    expect(nameOf(file('src/actors/app.ts'), context)).toBe('actors');
    expect(nameOf(file('machines/app.machine.ts'), context)).toBe('actors');
    expect(nameOf(file('node_modules/xstate/dist/xstate.esm.js'), context)).toBe('actors');
    expect(nameOf(file('src/app/App.tsx'), context)).toBe('views');
  });

  it('leaves src/main.tsx its own file, and what loads on demand to the bundler', () => {
    expect(nameOf(file('src/main.tsx'), context)).toBeNull();
    expect(nameOf(file('src/features/home/HomePage.tsx'), context)).toBeNull();
    expect(nameOf(file('src/features/home/hero.ts'), context)).toBeNull();
  });

  it('leaves what the page script needs before the first paint out of the three steps, though a view shares it', () => {
    expect(nameOf(file('src/prerender/startFailure.ts'), context)).toBeNull();
  });

  it("keeps Vite's preload helper, which the entry shares, out of the actors", () => {
    expect(nameOf('\0vite/preload-helper.js', context)).toBeNull();
    const helperGroup = startCodeSplitting(ROOT).groups?.find((group) => group.name === 'preload-helper');
    expect(helperGroup?.test).toBeInstanceOf(RegExp);
    expect((helperGroup?.test as RegExp).test('\0vite/preload-helper.js')).toBe(true);
    expect(helperGroup?.priority).toBeGreaterThan(startCodeSplitting(ROOT).groups?.find((group) => group.name !== 'preload-helper')?.priority ?? 0);
  });
});
