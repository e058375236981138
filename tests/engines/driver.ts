/**
 * What a smoke journey needs from a browser, whatever the engine: each engine's adapter (firefox.ts, webkit.ts)
 * implements it with its own automation protocol, and the journeys (journeys.ts) are written once against it.
 */
export interface EngineDriver {
  /** The engine's name as a report shows it, e.g. "Firefox 153". */
  readonly name: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Evaluates a JavaScript expression in the page and returns its (JSON) value; a promise is awaited. */
  evaluate(expression: string): Promise<unknown>;
  /** A real click (pointer events at the element's centre) on the element the CSS selector matches. */
  click(selector: string): Promise<void>;
  /** Replaces the value of a text field with `text`, typed key by key as a user would. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option with this value in a select, as a user choosing it would. */
  select(selector: string, value: string): Promise<void>;
  /** Presses and releases one key (a name such as "Shift", "Enter", "Escape"). */
  press(key: 'Shift' | 'Enter' | 'Escape' | 'Tab'): Promise<void>;
  /** Sizes the page's viewport (`innerWidth` × `innerHeight`), as a phone or a desktop window would be. */
  setViewport(width: number, height: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** The ARIA roles the journeys look for; page-queries.ts maps each to the elements that carry it. */
export type Role =
  | 'banner'
  | 'button'
  | 'link'
  | 'heading'
  | 'dialog'
  | 'textbox'
  | 'combobox'
  | 'radio'
  | 'region'
  | 'form'
  | 'row'
  | 'img'
  | 'navigation'
  | 'status';

/** A name as the page states it: a string matches the whole accessible name, a pattern part of it. */
export type NameMatch = string | { pattern: string; flags?: string };

/** An element as a user finds it: by role and accessible name, by visible text, or (last resort) by CSS. */
export type Target = { role: Role; name?: NameMatch; within?: Target } | { text: NameMatch; within?: Target } | { css: string; within?: Target };

export function pattern(regex: RegExp): NameMatch {
  return { pattern: regex.source, flags: regex.flags };
}

export function describeTarget(target: Target): string {
  const name = (match: NameMatch) => (typeof match === 'string' ? JSON.stringify(match) : `/${match.pattern}/${match.flags ?? ''}`);
  const self =
    'role' in target ? `${target.role}${target.name ? ` ${name(target.name)}` : ''}` : 'text' in target ? `text ${name(target.text)}` : target.css;
  return target.within ? `${self} in ${describeTarget(target.within)}` : self;
}
