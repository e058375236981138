/**
 * A machine's definition as JSON that Stately's editor imports (its "Import from code" takes the object a
 * `createMachine(...)` call is given). Built from `machine.config`, the config as written: functions cannot be
 * JSON, so each is replaced by its name (guards as `and(isOk, hasRecords)`), and what only code can compute
 * (a context built from input, an invoke's input, an output mapper) is left out.
 */
import type { AnyStateMachine } from 'xstate';
import { actionLabel, guardLabel } from './statechartGraph';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Keys whose function values compute data at run time: nothing to name, so they are dropped. */
const COMPUTED_KEYS = new Set(['context', 'input', 'output', 'params']);
/** Keys the editor does not know: TypeScript-only type holders. */
const SKIPPED_KEYS = new Set(['schemas', 'types']);

function jsonOf(value: unknown, key: string): JsonValue | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'function') {
    if (COMPUTED_KEYS.has(key)) return undefined;
    if (key === 'guard') return guardLabel(value);
    // An invoke's inline logic has no name the editor could use; actions and the rest keep theirs.
    if (key === 'src') return 'inline actor';
    return actionLabel(value);
  }
  if (Array.isArray(value)) {
    return value.map((item) => jsonOf(item, key)).filter((item): item is JsonValue => item !== undefined);
  }
  if (typeof value === 'object') {
    // An action or guard object keeps its type; its params stay only when they are data.
    const result: { [name: string]: JsonValue } = {};
    for (const [name, item] of Object.entries(value)) {
      if (SKIPPED_KEYS.has(name)) continue;
      const converted = jsonOf(item, name === 'states' || name === 'on' || name === 'after' ? name : childKey(key, name));
      if (converted !== undefined) result[name] = converted;
    }
    return result;
  }
  return undefined;
}

/**
 * The key a nested value is read under. Inside `on`, `after` and `states` the keys are event types, delays and
 * state names, which say nothing about what the value is: the value is a transition or a state node.
 */
function childKey(parentKey: string, name: string): string {
  return parentKey === 'on' || parentKey === 'after' || parentKey === 'states' ? '' : name;
}

/** The machine's definition as JSON data, with the catalogue's description on the root. */
export function statechartDefinition(machine: AnyStateMachine, description?: string): { [key: string]: JsonValue } {
  const config = jsonOf(machine.config, '');
  const definition: { [key: string]: JsonValue } = typeof config === 'object' && config !== null && !Array.isArray(config) ? config : {};
  return {
    id: machine.id,
    ...(description ? { description } : {}),
    ...definition,
  };
}

/** The file's text: indented, with a final newline. */
export function statechartJsonText(machine: AnyStateMachine, description?: string): string {
  return `${JSON.stringify(statechartDefinition(machine, description), null, 2)}\n`;
}

/** What to paste into Stately's "Import from code": the same definition inside a createMachine call. */
export function statechartImportCode(machine: AnyStateMachine, description?: string): string {
  return `import { createMachine } from 'xstate';\n\nexport const ${identifier(machine.id)}Machine = createMachine(${JSON.stringify(statechartDefinition(machine, description), null, 2)});\n`;
}

function identifier(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[A-Za-z_$]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

export function statechartFileName(id: string): string {
  return `${id}.statechart.json`;
}
