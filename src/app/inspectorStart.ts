import type { Inspect, InspectorBuild } from '../services/inspector';

/**
 * `?inspect`: starts Stately's inspector as this build allows (src/services/inspector.ts), or not at all; undefined
 * when it does not run. The inspector's code, and the question a live build asks first, load only when the address
 * asks for it. A live build asks while Stately's library loads, so that its window opens from the visitor's click.
 */
export async function startInspectorIfWanted(search: string, build?: InspectorBuild): Promise<Inspect | undefined> {
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  const { inspectorMode, preloadInspectorLibrary, startInspector } = await import('../services/inspector');
  const mode = inspectorMode(search, build);
  if (mode === 'off') return undefined;
  if (mode === 'start') return startInspector('secrets');
  preloadInspectorLibrary();
  const { askInspectorConsent } = await import('./InspectorConsent');
  return (await askInspectorConsent()) ? startInspector('allowList') : undefined;
}
