import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, SDK_SCRIPTS } from '../../../security-headers';
import { buildThemeBootScript } from '../../../theme-boot-plugin';

/** The rules a Trusted Types policy is created with (the browser calls them with the value, the type and the sink). */
interface PolicyRules {
  createScriptURL(value: string, type: string, sink: string): string | null;
  createHTML(value: string, type: string, sink: string): string | null;
  createScript(value: string, type: string, sink: string): string | null;
}

const ORIGIN = 'https://app.example.com';
const BOOT_SCRIPT = await buildThemeBootScript();

/** Runs theme-boot.js as the page does, in a window of ORIGIN, and returns the policies it created. */
function bootPolicies(
  factory: Partial<{ createPolicy(name: string, rules: PolicyRules): unknown }> | undefined = undefined,
): Map<string, PolicyRules> {
  const created = new Map<string, PolicyRules>();
  const trustedTypes = factory ?? {
    createPolicy(name: string, rules: PolicyRules) {
      if (created.has(name)) throw new TypeError(`Policy with name "${name}" already exists.`);
      created.set(name, rules);
      return {};
    },
  };
  const window = { trustedTypes, matchMedia: () => ({ matches: false }) };
  const document = { documentElement: { dataset: {} as Record<string, string>, lang: 'en' }, baseURI: `${ORIGIN}/dashboard/billing` };
  runInNewContext(BOOT_SCRIPT, { window, document, location: { origin: ORIGIN }, localStorage: { getItem: () => null }, URL });
  return created;
}

function defaultPolicy(): PolicyRules {
  const policy = bootPolicies().get('default');
  if (!policy) throw new Error('theme-boot.js created no default policy');
  return policy;
}

const SCRIPT_SRC = 'HTMLScriptElement src';

describe("the page's Trusted Types policy (theme-boot.js)", () => {
  it('is the one policy the page creates, named as the CSP allows', () => {
    const created = bootPolicies();
    expect([...created.keys()]).toEqual(['default']);
    expect(contentSecurityPolicy({})).toMatch(/trusted-types default /);
  });

  it('passes exactly the SDK files the CSP names: no more, no fewer', () => {
    const policy = defaultPolicy();
    for (const script of Object.values(SDK_SCRIPTS)) {
      expect(policy.createScriptURL(script, 'TrustedScriptURL', SCRIPT_SRC), script).toBe(script);
      expect(policy.createScriptURL(`${script}-other`, 'TrustedScriptURL', SCRIPT_SRC), script).toBeNull();
      expect(policy.createScriptURL(new URL('/other.js', script).href, 'TrustedScriptURL', SCRIPT_SRC), script).toBeNull();
    }
  });

  it('lets a script element load exactly the SDK files the CSP names, with their query strings', () => {
    const policy = defaultPolicy();
    const everyProvider = { VITE_GOOGLE_CLIENT_ID: 'g', VITE_TURNSTILE_SITE_KEY: 't', VITE_PAYPAL_CLIENT_ID: 'p' };
    const cspThirdParties = (/script-src ([^;]+)/.exec(contentSecurityPolicy(everyProvider))?.[1] ?? '')
      .split(' ')
      .filter((source) => source.startsWith('https://'));
    expect(cspThirdParties.sort()).toEqual(Object.values(SDK_SCRIPTS).sort());
    for (const url of [
      `${SDK_SCRIPTS.google}?hl=de`,
      `${SDK_SCRIPTS.turnstile}?onload=onloadTurnstileCallback&render=explicit`,
      `${SDK_SCRIPTS.turnstile}?onload=x&render=explicit&_upgrade=true&_cb=1`,
      `${SDK_SCRIPTS.paypal}?client-id=sb&currency=USD&intent=capture&components=buttons`,
      SDK_SCRIPTS.paypal,
    ]) {
      expect(policy.createScriptURL(url, 'TrustedScriptURL', SCRIPT_SRC), url).toBe(url);
    }
  });

  it('refuses any other script URL: another file on an SDK host, a look-alike host, this origin, data and blob URLs', () => {
    const policy = defaultPolicy();
    for (const url of [
      'https://www.paypal.com/evil.js',
      'https://www.paypal.com/sdk/js/extra.js',
      'https://www.paypal.com/tagmanager/pptm.js?id=app.example.com',
      'https://accounts.google.com/other.js',
      'https://accounts.google.com/gsi/client/../other',
      'https://challenges.cloudflare.com/turnstile/v0/other.js',
      'http://www.paypal.com/sdk/js',
      'https://www.paypal.com.evil.example/sdk/js',
      'https://evil.example/gsi/client?https://accounts.google.com/gsi/client',
      '/assets/index.js',
      `${ORIGIN}/mockServiceWorker.js`,
      'data:text/javascript,alert(1)',
      'blob:https://app.example.com/1234',
      'javascript:alert(1)',
      'http://[not a url',
    ]) {
      expect(policy.createScriptURL(url, 'TrustedScriptURL', SCRIPT_SRC), url).toBeNull();
    }
  });

  it("lets demo mode register its service worker of this origin, and no other origin's", () => {
    const policy = defaultPolicy();
    const register = 'ServiceWorkerContainer register';
    expect(policy.createScriptURL('/mockServiceWorker.js', 'TrustedScriptURL', register)).toBe('/mockServiceWorker.js');
    expect(policy.createScriptURL('https://evil.example/sw.js', 'TrustedScriptURL', register)).toBeNull();
    // A worker is not a service worker: refused even from this origin.
    expect(policy.createScriptURL('/worker.js', 'TrustedScriptURL', 'Worker constructor')).toBeNull();
  });

  it('passes text as HTML, and markup only when it is a library constant', () => {
    const policy = defaultPolicy();
    const sink = 'Element innerHTML';
    // react-hot-toast's style element starts with a space; text with entities still makes no element.
    for (const text of [' ', '', 'Plain words & more', '&lt;img src=x onerror=alert(1)&gt;'])
      expect(policy.createHTML(text, 'TrustedHTML', sink), text).toBe(text);
    for (const markup of [
      '<img src=x onerror=alert(1)>',
      '<b>bold</b>',
      '<script src="https://www.paypal.com/sdk/js"></script>',
      '<svg onload=alert(1)>',
      '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><script>alert(1)</script>',
    ]) {
      expect(policy.createHTML(markup, 'TrustedHTML', sink), markup).toBeNull();
    }
    // FingerprintJS's font probe frame: its exact constant, and the library still writes exactly that.
    const probe = '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">';
    expect(policy.createHTML(probe, 'TrustedHTML', 'HTMLIFrameElement srcdoc')).toBe(probe);
    expect(readFileSync('node_modules/@fingerprintjs/fingerprintjs/dist/fp.esm.js', 'utf8')).toContain(probe);
  });

  it('never turns a string into script', () => {
    const policy = defaultPolicy();
    for (const [code, sink] of [
      ['alert(1)', 'HTMLScriptElement text'],
      ['window.x = 1', 'HTMLScriptElement textContent'],
      ['alert(1)', 'eval'],
      ['alert(1)', 'Function'],
      ['', 'HTMLScriptElement text'],
    ]) {
      expect(policy.createScript(code ?? '', 'TrustedScript', sink ?? ''), `${sink}: ${code}`).toBeNull();
    }
  });

  it('leaves a browser without Trusted Types, or a page that has a default policy already, as it is', () => {
    expect(() => bootPolicies({})).not.toThrow();
    const taken = {
      createPolicy() {
        throw new TypeError('Policy with name "default" already exists.');
      },
    };
    expect(() => bootPolicies(taken)).not.toThrow();
  });
});
