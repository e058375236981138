/** Turns a call's payload into what goes on the wire, by the endpoint's body kind. */
import type { BodyKind } from './contract';

export interface EncodedRequest {
  /** The endpoint's path, with the query string for 'query' calls. */
  path: string;
  body?: BodyInit;
}

type Field = [name: string, value: string];

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Flat name/value pairs; absent values are left out, arrays repeat their name. */
function fields(payload: unknown): Field[] {
  if (payload === null || typeof payload !== 'object') return [];
  const pairs: Field[] = [];
  for (const [name, value] of Object.entries(payload)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) pairs.push([name, fieldValue(item)]);
    }
  }
  return pairs;
}

function searchParams(payload: unknown): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of fields(payload)) params.append(name, value);
  return params;
}

export function encodeRequest(path: string, kind: BodyKind, payload: unknown): EncodedRequest {
  switch (kind) {
    case 'json':
      // No payload, no body: a bare POST rather than the string "undefined".
      return payload === undefined ? { path } : { path, body: JSON.stringify(payload) };
    case 'form': {
      const form = new FormData();
      for (const [name, value] of fields(payload)) form.append(name, value);
      return { path, body: form };
    }
    case 'urlencoded':
      return { path, body: searchParams(payload) };
    case 'query': {
      const query = searchParams(payload).toString();
      return { path: query === '' ? path : `${path}?${query}` };
    }
    case 'none':
      return { path };
  }
}
