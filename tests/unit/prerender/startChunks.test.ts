import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { pageScriptChunkName, startChunkName, startCodeSplitting } from '../../../start-chunks';

const ROOT = '/repo';
const file = (name: string) => `${ROOT}/${name}`;

/** A small app: the entry's two steps, a page loaded on demand, and what each imports. */
const GRAPH: Record<string, string[]> = {
  [file('src/entry.ts')]: [file('src/prerender/startFailure.ts'), file('src/styles/global.css')],
  [file('src/styles/global.css')]: [],
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

  it('leaves what the page script needs before the first action out of the three steps, though a view shares it', () => {
    expect(nameOf(file('src/prerender/startFailure.ts'), context)).toBeNull();
    expect(nameOf('\0vite/preload-helper.js', context)).toBeNull();
  });
});

describe('what the page script runs before the first action is a file of its own', () => {
  const nameOf = pageScriptChunkName(ROOT);

  it("holds the modules the page script shares with the app, and Vite's preload helper", () => {
    expect(nameOf(file('src/prerender/startFailure.ts'), context)).toBe('page-script');
    expect(nameOf('\0vite/preload-helper.js', context)).toBe('page-script');
  });

  it('leaves the page script itself the entry chunk, its styles to the stylesheet, and the app to the three steps', () => {
    expect(nameOf(file('src/entry.ts'), context)).toBeNull();
    expect(nameOf(file('src/styles/global.css'), context)).toBeNull();
    expect(nameOf(file('src/actors/app.ts'), context)).toBeNull();
    expect(nameOf(file('node_modules/react/index.js'), context)).toBeNull();
    expect(nameOf(file('src/app/App.tsx'), context)).toBeNull();
  });

  it('is captured before the three steps, so no step takes in what the page script shares', () => {
    const [first, second] = startCodeSplitting(ROOT).groups ?? [];
    const firstName = first?.name;
    if (typeof firstName !== 'function') throw new Error('the first group is not named by a function');
    expect(firstName(file('src/prerender/startFailure.ts'), context)).toBe('page-script');
    expect((first?.priority ?? 0) > (second?.priority ?? 0)).toBe(true);
  });
});
