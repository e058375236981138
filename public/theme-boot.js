// Runs before first paint (a plain blocking script: the CSP forbids inline ones) so the page never
// flashes the wrong theme or language. The theme and locale machines take over at boot.
// It also creates the page's Trusted Types policy, below: it must exist before any other script runs.
(function () {
  var root = document.documentElement;
  var stored = function (key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage blocked (private modes): fall back to the defaults
    }
  };

  // Anything but an explicit light or dark follows the system, as the theme machine does.
  var theme = stored('theme');
  var systemDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  root.dataset.theme = theme === 'dark' || (theme !== 'light' && systemDark) ? 'dark' : 'light';

  var locale = stored('locale');
  if (['en', 'es', 'fr', 'de', 'ru', 'zh-CN'].indexOf(locale) !== -1) root.lang = locale;

  // A prerendered page (src/prerender/boot.ts names the modes): hydrated as it is only if it is this page, in
  // English, and (for pages that read it) without a query string; otherwise hidden until the app renders it.
  // The 404 file is this page at any address but those of the app's own pages (a static host's fallback).
  var prerendered = root.dataset.prerendered;
  if (prerendered) {
    var appPath = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
    var appsOwn = (root.getAttribute('data-prerendered-not-at') || '').split(' ').some(function (address) {
      var under = address.length > 1 && address.charAt(address.length - 1) === '/';
      return address !== '' && (under ? location.pathname.indexOf(address) === 0 : address === appPath);
    });
    var samePage = prerendered === location.pathname || (prerendered === '/404' && !appsOwn);
    var queryMatters = root.hasAttribute('data-prerendered-reads-query') && location.search !== '';
    var english = ['es', 'fr', 'de', 'ru', 'zh-CN'].indexOf(locale) === -1;
    root.dataset.boot = !samePage || queryMatters ? 'render' : english ? 'hydrate' : 'translate';
  }

  // A signed-in visitor's header differs from the prerendered (anonymous) one: its tools wait for the app.
  if (/(?:^|;\s*)authorization=/.test(document.cookie)) root.dataset.session = 'stored';

  // A first visit is a page to read: a page shown as it is (so in English, and without a query string it reads),
  // signed out, not asking for the app's own tools (?demo, ?inspect). A campaign's link (utm_source, ...) is one
  // too: the page script keeps its source. The app's code is fetched once the browser is idle after the largest
  // paint (src/entry.ts), so it does not compete with what the visitor waits to see, or at the visitor's first
  // action if that comes sooner (app:wanted). An action is a key, a scroll, a touch or press, focus, a click or
  // input with neither (a screen reader's, autofill), a pointer over a control or field, or another tab changing
  // what the app shows (a sign-in, the theme, the language): the app takes over and follows.
  var toolsAsked = /[?&](?:demo|inspect)(?:[=&]|$)/.test(location.search);
  var firstVisit = root.dataset.boot === 'hydrate' && !root.dataset.session && !toolsAsked;
  if (firstVisit) {
    root.dataset.start = 'idle';
    var ACTIONS = ['keydown', 'scroll', 'wheel', 'touchstart', 'pointerdown', 'focusin', 'click', 'input', 'pointerover'];
    // What another tab changes that this one shows: the theme, the language, the account (a sign-in or sign-out).
    var SHOWN_KEYS = ['theme', 'locale', 'nanobanana.userInfo'];
    var wanted = function (event) {
      if (event.type === 'storage' && event.key !== null && SHOWN_KEYS.indexOf(event.key) === -1) return;
      if (event.type === 'pointerover') {
        var target = event.target instanceof Element ? event.target : null;
        if (!target || !target.closest('button, label, input, textarea, select, summary, [role="button"]')) return;
      }
      ACTIONS.forEach(function (type) {
        window.removeEventListener(type, wanted, true);
      });
      window.removeEventListener('storage', wanted);
      if (scheme && scheme.removeEventListener) scheme.removeEventListener('change', wanted);
      // The app may have started already (at idle), and even failed to: that is not undone.
      if (root.dataset.start === 'idle') root.dataset.start = 'wanted';
      document.dispatchEvent(new Event('app:wanted'));
    };
    ACTIONS.forEach(function (type) {
      window.addEventListener(type, wanted, { capture: true, passive: true });
    });
    window.addEventListener('storage', wanted);
    var scheme = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    if (scheme && scheme.addEventListener) scheme.addEventListener('change', wanted);
  }

  // Clicks on controls before the page is hydrated would do nothing: they are held, and replayed once the app
  // is ready (links and a <details>' summary need no script and are left alone), a progress pointer and bar
  // showing meanwhile (data-holding). So are form submissions (Enter in a field). What is typed, chosen in a
  // select or ticked meanwhile (a checkbox or radio button is left to change as it does without script) shows in
  // the field, but React has not seen it: it is handed over as the event React listens to the moment React owns
  // the page (app:hydrated), so before the held clicks (a held "Generate" must see the prompt typed before it).
  if (root.dataset.boot === 'hydrate') {
    var held = [];
    var typed = [];
    var inRoot = function (element) {
      return element instanceof Element && element.closest('#root') !== null;
    };
    var isTick = function (element) {
      return element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');
    };
    var hold = function (event) {
      var control =
        event.target instanceof Element ? event.target.closest('button, label, input[type="checkbox"], input[type="radio"], [role="button"]') : null;
      if (!control || !inRoot(control) || isTick(control) || isTick(control.control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (held.indexOf(control) === -1) held.push(control);
      root.dataset.holding = '';
    };
    var holdSubmit = function (event) {
      if (!inRoot(event.target)) return;
      event.preventDefault();
      if (held.indexOf(event.target) === -1) held.push(event.target);
      root.dataset.holding = '';
    };
    // A select's choice and a tick are noted as made: hydration sets the element back to what React renders.
    // A ticked box remembers the state it had before the visitor's first change.
    var noteTyping = function (event) {
      var field = event.target;
      var isField = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
      if (!isField || !inRoot(field)) return;
      var found = typed.filter(function (entry) {
        return entry.field === field;
      })[0];
      if (!found) typed.push((found = { field: field, before: !field.checked }));
      found.value = field.value;
      found.checked = field.checked;
      // A radio button chosen unchecks the others of its group, which hear nothing: their notes go.
      if (field.type === 'radio')
        typed = typed.filter(function (entry) {
          return entry.field === field || entry.field.type !== 'radio' || entry.field.name !== field.name;
        });
    };
    // A page React rendered anew instead of hydrating it (an update reached it before its code was in) has new
    // elements: the field is found again by what names it, `data-field` or `name` (a tick by its group and value).
    var fieldNow = function (field) {
      if (field.isConnected) return field;
      var byDataField = !isTick(field) && field.hasAttribute('data-field');
      var attribute = byDataField ? 'data-field' : 'name';
      var name = field.getAttribute(attribute);
      if (!name) return null;
      var selector = '#root ' + field.tagName.toLowerCase() + '[' + attribute + '="' + CSS.escape(name) + '"]';
      if (isTick(field)) selector += '[value="' + CSS.escape(field.value) + '"]';
      return document.querySelector(selector);
    };
    // React keeps a field's last known value (or checked state) on the element and ignores an event that does not
    // change it: the value is set through the element's own property (React's record) to what React had, then
    // the change is made as the DOM's, so the event reads as the change it is. A tick is made again by a click,
    // the event React listens to for it; a select's choice is chosen again.
    var handOver = function (entry) {
      var field = entry.field;
      if (isTick(field)) {
        if (entry.checked === entry.before) return;
        field.checked = entry.before;
        field.click();
        return;
      }
      var descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
      var value = field instanceof HTMLSelectElement || entry.replaced ? entry.value : field.value;
      if (!descriptor || !descriptor.set) return;
      field.value = '';
      descriptor.set.call(field, value);
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
    };
    document.addEventListener('click', hold, true);
    document.addEventListener('submit', holdSubmit, true);
    document.addEventListener('input', noteTyping, true);
    document.addEventListener('change', noteTyping, true);
    document.addEventListener(
      'app:hydrated',
      function () {
        document.removeEventListener('input', noteTyping, true);
        document.removeEventListener('change', noteTyping, true);
        typed.forEach(function (entry) {
          var field = fieldNow(entry.field);
          if (!field) return;
          // A new field holds nothing typed: it gets the value noted as typed.
          entry.replaced = field !== entry.field;
          entry.field = field;
          handOver(entry);
        });
      },
      { once: true },
    );
    document.addEventListener(
      'app:ready',
      function () {
        document.removeEventListener('click', hold, true);
        document.removeEventListener('submit', holdSubmit, true);
        delete root.dataset.holding;
        held.forEach(function (target) {
          if (!target.isConnected) return;
          if (target instanceof HTMLFormElement) target.requestSubmit();
          else target.click();
        });
      },
      { once: true },
    );
  }
})();

// The Trusted Types `default` policy (the CSP requires Trusted Types; security-headers.ts). Libraries hand DOM
// sinks plain strings; this decides which of them pass. Returning null refuses the value: the browser blocks the
// assignment and reports a violation. Kept out of the app's bundle, so it costs the entry chunk nothing.
(function () {
  var factory = window.trustedTypes;
  if (!factory || typeof factory.createPolicy !== 'function') return; // a browser without Trusted Types

  // The SDK loader files, exactly as the CSP's script-src names them (any query string).
  var SCRIPTS = ['https://accounts.google.com/gsi/client', 'https://challenges.cloudflare.com/turnstile/v0/api.js', 'https://www.paypal.com/sdk/js'];
  // Markup that is a library's own constant: FingerprintJS's font probe frame (srcdoc).
  var MARKUP = ['<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">'];

  try {
    factory.createPolicy('default', {
      createScriptURL: function (value, type, sink) {
        var url;
        try {
          url = new URL(value, document.baseURI);
        } catch {
          return null;
        }
        if (SCRIPTS.indexOf(url.origin + url.pathname) !== -1) return value;
        // Demo mode's API: a service worker of this origin (Mock Service Worker registers it by name).
        if (sink === 'ServiceWorkerContainer register' && url.origin === location.origin) return value;
        return null;
      },
      // Text without a tag cannot make an element (react-hot-toast's styles start as ' '). Script content in a
      // <script> is checked again, as script, when it would run.
      createHTML: function (value) {
        return value.indexOf('<') === -1 || MARKUP.indexOf(value) !== -1 ? value : null;
      },
      // No string ever becomes code.
      createScript: function () {
        return null;
      },
    });
  } catch {
    // Created already (the policy allows one `default`): keep the first.
  }
})();
