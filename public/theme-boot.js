// Runs before first paint (a plain blocking script: the CSP forbids inline ones) so the page never
// flashes the wrong theme or language. The theme and locale machines take over at boot.
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
})();
