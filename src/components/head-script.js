// Inlined (minified) into every page's <head>; runs before first paint. Plain ES5 on purpose.
;(function () {
  var root = document.documentElement
  var settings = {}
  try {
    settings = JSON.parse(localStorage.getItem('porchlight:settings') || '{}') || {}
  } catch (e) {}
  // Theme: dark by default, 'auto' follows the system preference.
  var theme = settings.theme === 'light' || settings.theme === 'auto' ? settings.theme : 'dark'
  if (theme === 'auto') theme = matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark'
  root.setAttribute('data-theme', theme)
  if (/^[a-z-]{1,20}$/.test(settings.colorTheme)) root.setAttribute('data-color', settings.colorTheme)
  // Language: the saved setting, else the i18next detector's cached value; anything else is ignored.
  var lang = settings.language
  try {
    lang = lang || String(localStorage.getItem('i18nextLng') || '').slice(0, 2)
  } catch (e) {}
  if (['en', 'es', 'fr', 'de', 'ja', 'zh'].indexOf(lang) < 0 || lang === root.lang || root.hasAttribute('data-no-lang')) return
  // Same page in the saved language: strip this page's prefix (/de here is German, never Delaware).
  var path = location.pathname
  if (root.lang !== 'en') path = path.slice(3) || '/'
  root.style.visibility = 'hidden'
  location.replace(
    (lang === 'en' ? '' : '/' + lang) + (path === '/' && lang !== 'en' ? '' : path) + location.search + location.hash,
  )
})()
