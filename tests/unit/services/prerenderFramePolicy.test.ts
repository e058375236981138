import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardPrerenderFrames, onFrameLoad, PRERENDER_FRAME_RULES } from '../../../src/services/paypal/prerenderFramePolicy';

/**
 * A frame on its initial about:blank with a Trusted Types factory of its own, as a browser gives each window, that
 * records its policies (the test DOM loads no frame: its window and document are stand-ins).
 */
function frameNamed(name: string, setUp: (frame: HTMLIFrameElement) => void = () => undefined, url = 'about:blank') {
  const frame = document.createElement('iframe');
  frame.name = name;
  setUp(frame);
  const policies = new Map<string, unknown>();
  const factory = {
    get defaultPolicy() {
      return policies.get('default') ?? null;
    },
    createPolicy: vi.fn((policyName: string, rules: unknown) => {
      policies.set(policyName, rules);
      return rules;
    }),
  };
  Object.defineProperty(frame, 'contentWindow', { value: { trustedTypes: factory } });
  Object.defineProperty(frame, 'contentDocument', { value: { URL: url } });
  return { frame, factory, policies };
}

/** zoid's name for the buttons' prerender frame (src/parent/parent.js, openPrerenderFrame). */
const PRERENDER = '__zoid_prerender_frame__paypal_buttons_uid_1a2b3c_mtk6mdy__';

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the Trusted Types policy of PayPal's prerender frames", () => {
  it('gives zoid’s prerender frame on its initial about:blank a default policy of its own as it loads', () => {
    const { frame, policies } = frameNamed(PRERENDER);
    onFrameLoad(new Event('load'));
    expect(policies.size).toBe(0);
    // The load event at the frame, as the document's capture listener hears it.
    onFrameLoad({ target: frame } as unknown as Event);
    expect([...policies.keys()]).toEqual(['default']);
    expect(policies.get('default')).toBe(PRERENDER_FRAME_RULES);
  });

  it('passes the HTML PayPal’s template sets, turns script text into nothing, and has no rule for script URLs', () => {
    // PayPal's prerendered buttons: <style innerHTML>, markup, and the buttons' own script (src/ui/buttons/).
    const css = '.paypal-button { color: #003087 } .paypal-button-row:not(.first) { display: none }';
    expect(PRERENDER_FRAME_RULES.createHTML(css)).toBe(css);
    const markup = '<span class="paypal-button-text">Pay with</span>';
    expect(PRERENDER_FRAME_RULES.createHTML(markup)).toBe(markup);
    expect(PRERENDER_FRAME_RULES.createScript()).toBe('');
    // Markup that would load a document or a resource by being parsed, out of Trusted Types' reach, is refused.
    for (const loading of [
      '<iframe srcdoc="<script src=/assets/x.js></script>"></iframe>',
      '<IFRAME src="https://example.com">',
      '<div srcdoc = "x">',
      '< frame src=x>',
      '<object data="x"></object>',
      '<embed src="x">',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
      '<form action="/"><input name="password"></form>',
    ])
      expect(PRERENDER_FRAME_RULES.createHTML(loading), loading).toBeNull();
    // Words that merely start alike pass.
    expect(PRERENDER_FRAME_RULES.createHTML('<span class="framed formal linked">Pay</span>')).not.toBeNull();
    // The browser then refuses every script URL in the frame: a policy without the rule cannot make one.
    expect('createScriptURL' in PRERENDER_FRAME_RULES).toBe(false);
  });

  it('leaves every other frame alone: PayPal’s own frames, zoid’s close detectors, named look-alikes, frames with content', () => {
    const others = [
      frameNamed('__zoid__paypal_buttons__eyJzZW5kZXIiOnt9fQ__'),
      frameNamed('__detect_close_uid_1a2b__'),
      frameNamed('x__zoid_prerender_frame__'),
      // Inline content: its document is about:srcdoc.
      frameNamed(PRERENDER, () => undefined, 'about:srcdoc'),
      frameNamed(`${PRERENDER}2`, (frame) => frame.setAttribute('src', '/dashboard')),
      // A prerender frame that went somewhere (a document of this origin with a policy of its own to keep).
      frameNamed(`${PRERENDER}3`, () => undefined, 'https://app.example.com/dashboard'),
    ];
    for (const { frame, factory } of others) {
      onFrameLoad({ target: frame } as unknown as Event);
      expect(factory.createPolicy, frame.name).not.toHaveBeenCalled();
    }
    const image = document.createElement('img');
    expect(() => onFrameLoad({ target: image } as unknown as Event)).not.toThrow();
  });

  it('keeps a default policy the frame has, and survives a policy the CSP refuses', () => {
    const { frame, factory, policies } = frameNamed(PRERENDER);
    policies.set('default', {});
    onFrameLoad({ target: frame } as unknown as Event);
    expect(factory.createPolicy).not.toHaveBeenCalled();

    const refused = frameNamed(`${PRERENDER}b`);
    refused.factory.createPolicy.mockImplementation(() => {
      throw new TypeError('Failed to execute createPolicy: Policy "default" disallowed.');
    });
    expect(() => onFrameLoad({ target: refused.frame } as unknown as Event)).not.toThrow();
  });

  it('listens to loads on the document in the capture phase, once, so it runs before the frame’s own listeners', () => {
    const added = vi.spyOn(document, 'addEventListener');
    guardPrerenderFrames();
    guardPrerenderFrames();
    expect(added.mock.calls.filter(([type]) => type === 'load')).toEqual([['load', onFrameLoad, true]]);
  });
});
