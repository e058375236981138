/**
 * What a live build lets reach Stately's inspector: only what is known to be safe, by allow-list. The deny-list of
 * ./inspector.ts (hide what looks secret) suits demo mode, whose data is made up; in a live build it would still send
 * real e-mail addresses, prompts, postal addresses and amounts to another site's window. Here every value is
 * `[redacted]` unless it stands under a key this module names, and then only if it has the shape that key allows:
 *
 * - The chart itself: each actor's state value (state names), status and tags, its machine's definition (the statechart
 *   as the code wrote it: states, events, action and guard names), the event types, and the ids the inspector links
 *   actors and events by. These are the code's words, not the user's.
 * - Flags: `true`, `false`, `null` anywhere. A bit cannot carry an address or a prompt.
 * - Words under WORD_KEYS (a kind, a status, a provider, a locale, a model...): a string only if it is one word of
 *   letters, digits and `_ . : -` (no space, no `@`, no `/`: never a sentence, an e-mail address or a URL).
 * - Numbers under WORD_KEYS or COUNT_KEYS (counts, indices, pages, delays, API codes). Other numbers (balances,
 *   amounts, times) are redacted.
 * - Keys: an object's keys are kept when they look like a name in code (`orderNo`, `pageSize`); any other key (an
 *   e-mail address, a sentence) is replaced too. A context keyed by the user's data under code-like words (a record
 *   keyed by a one-word prompt) would show those words: no context of the app is keyed that way.
 * Anything else, a string under any other key, an object or value of another kind, becomes `[redacted]`; functions
 * are left out (they cannot be posted to another window).
 */

export const REDACTED = '[redacted]';

/** One word of the code's vocabulary: a state, an event type, a kind, an id. */
const WORD = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/;
/** A key that names a field in code. */
const CODE_NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

/** Keys whose value is one of a closed set of words the code chose, or a status number. */
export const WORD_KEYS: ReadonlySet<string> = new Set([
  'type',
  'kind',
  'status',
  'phase',
  'purpose',
  'mode',
  'view',
  'provider',
  'method',
  'reason',
  'locale',
  'requested',
  'theme',
  'choice',
  'stored',
  'resolved',
  'resolution',
  'outputFormat',
  'aspectRatio',
  'model',
  'granularity',
  'metric',
  'range',
  'errorKind',
  'errorCode',
  'returnedAs',
  'currency',
]);

/** Keys whose value is a count, an index, a page, a delay or an API's code: numbers only. */
export const COUNT_KEYS: ReadonlySet<string> = new Set([
  'code',
  'count',
  'index',
  'total',
  'pageNum',
  'pageSize',
  'numImages',
  'secondsLeft',
  'unsettled',
  'errorsInARow',
  'maxErrorsInARow',
  'rateLimited',
  'requests',
  'paymentCounter',
  'successFlag',
  'firstDelayMs',
  'maxDelayMs',
  'rateLimitedMaxDelayMs',
  'limitMs',
  'growth',
]);

/** The inspection messages Stately's inspector takes (its own `type`, not an event's). */
const INSPECTION_TYPES: ReadonlySet<string> = new Set(['@xstate.actor', '@xstate.event', '@xstate.snapshot']);

/** Deeper than any context of ours; what lies deeper is cut, as the inspector's own serializer does. */
const MAX_DEPTH = 12;

type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A word of the code (a state name, an id), or redacted. */
function word(value: unknown): Plain {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof value === 'string' && WORD.test(value) ? value : REDACTED;
}

/** A value found under `key` in a context, an event, an input or an output. */
function data(key: string, value: unknown, depth: number, seen: WeakSet<object>): Plain {
  if (value === undefined || value === null || typeof value === 'boolean') return value;
  if (value === '') return value;
  if (typeof value === 'number') return (WORD_KEYS.has(key) || COUNT_KEYS.has(key)) && Number.isFinite(value) ? value : REDACTED;
  if (typeof value === 'string') return WORD_KEYS.has(key) && WORD.test(value) ? value : REDACTED;
  if (typeof value === 'function') return undefined;
  if (typeof value !== 'object') return REDACTED;
  if (seen.has(value) || depth > MAX_DEPTH) return REDACTED;
  seen.add(value);
  // The items of a list stand under the list's key: `tags: ['busy']`, `failures: [{ ... }]`.
  if (Array.isArray(value) || value instanceof Set) return [...(value as Iterable<unknown>)].map((item) => data(key, item, depth + 1, seen));
  const copy: Record<string, Plain> = {};
  let hidden = 0;
  for (const [name, item] of Object.entries(value)) {
    if (typeof item === 'function') continue;
    if (CODE_NAME.test(name)) copy[name] = data(name, item, depth + 1, seen);
    else copy[`${REDACTED} ${++hidden}`] = REDACTED;
  }
  return copy;
}

/** An actor's state value: a state's name, or the active states of a compound or parallel one, by name. */
function stateValue(value: unknown, depth = 0): Plain {
  if (typeof value === 'string') return word(value);
  if (!isRecord(value) || depth > MAX_DEPTH) return value === undefined ? undefined : REDACTED;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [WORD.test(name) ? name : REDACTED, stateValue(inner, depth + 1)]));
}

/** An actor's children, by id: which are running, not what they hold. */
function children(value: unknown): Plain {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([id]) => WORD.test(id))
      .map(([id, child]) => [id, isRecord(child) ? { id: word(child.id), sessionId: word(child.sessionId) } : { id }]),
  );
}

/** An actor's snapshot: its state, status and tags as they are; its context, input, output and error by allow-list. */
function snapshot(value: unknown): Plain {
  if (!isRecord(value)) return value === undefined ? undefined : REDACTED;
  const seen = new WeakSet<object>();
  const tags = value.tags instanceof Set || Array.isArray(value.tags) ? [...(value.tags as Iterable<unknown>)].map(word) : undefined;
  return {
    status: word(value.status),
    value: stateValue(value.value),
    tags,
    children: children(value.children),
    context: data('context', value.context, 0, seen),
    input: data('input', value.input, 0, seen),
    output: data('output', value.output, 0, seen),
    error: data('error', value.error, 0, seen),
  };
}

/**
 * One inspection message, as Stately's inspector gets it (its `serialize` option), reduced to the allow-list: the
 * fields the inspector reads, each as above; any other field is left out.
 */
export function redactToAllowList<T>(message: T): T {
  if (!isRecord(message)) return REDACTED as T;
  const copy: Record<string, Plain> = {};
  for (const [key, value] of Object.entries(message)) {
    switch (key) {
      case 'type':
        copy[key] = typeof value === 'string' && INSPECTION_TYPES.has(value) ? value : REDACTED;
        break;
      case 'name':
      case 'sessionId':
      case 'parentId':
      case 'rootId':
      case 'sourceId':
      case 'id':
      case 'createdAt':
      case '_version':
        copy[key] = word(value);
        break;
      case 'definition':
        // The machine's config as JSON (@statelyai/inspect writes it from the logic, not from any actor's data).
        copy[key] = typeof value === 'string' ? value : undefined;
        break;
      case 'event':
        copy[key] = data('event', value, 0, new WeakSet());
        break;
      case 'snapshot':
        copy[key] = snapshot(value);
        break;
      default:
        break;
    }
  }
  return copy as T;
}
