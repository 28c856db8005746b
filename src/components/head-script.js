// Inlined (minified) into every page's <head>; runs before first paint. Plain ES5 on purpose.
;(function () {
  var root = document.documentElement
  // The build writes the site's languages here (head-script.ts, from LOCALES in src/lib/routing/routes.ts).
  var supported = ['en']
  var store = {}
  try {
    store = window.localStorage
  } catch (e) {}
  var settings = {}
  try {
    settings = JSON.parse(store.getItem('porchlight:settings') || '{}')
  } catch (e) {}
  if (!settings || typeof settings !== 'object') settings = {}
  // Theme: dark by default, 'auto' follows the system preference.
  var theme = settings.theme === 'light' || settings.theme === 'auto' ? settings.theme : 'dark'
  if (theme === 'auto') theme = matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark'
  root.setAttribute('data-theme', theme)
  if (/^[a-z-]{1,20}$/.test(settings.colorTheme)) root.setAttribute('data-color', settings.colorTheme)
  // Night mode: a dimmed, red-shifted palette over any theme (styles/night.css).
  if (settings.nightMode === true) root.setAttribute('data-night', '')
  // The browser's first number or date formatter loads its locale data (20-40 ms on a desktop, several times that
  // on a phone), then every later one takes well under a millisecond. Doing it in a task of its own now, while the
  // render-blocking stylesheets are still on the network, spends time the page waits anyway instead of lengthening
  // the first island's render after first paint (docs/performance.md, "Blocking time on a phone").
  setTimeout(function () {
    try {
      new Intl.NumberFormat(root.lang).format(1)
      new Intl.DateTimeFormat(root.lang, { hour: 'numeric', timeZone: 'UTC' }).format(0)
      if (window.Intl.RelativeTimeFormat) new Intl.RelativeTimeFormat(root.lang, { numeric: 'auto' }).format(-1, 'hour')
    } catch (e) {}
  }, 0)
  // A place whose banner the visitor dismissed: no slot for it on any of its sections (src/lib/stores/banner.ts,
  // placeKey and $bannerOffPlaces), so the page does not paint an empty band.
  try {
    var place = location.pathname
      .toLowerCase()
      .replace(new RegExp('^/(' + supported.join('|') + ')(?=/|$)'), '')
      .replace(/\/(statuses|cameras|roads|local)\/?$/, '')
      .replace(/\/$/, '')
    if (JSON.parse(store.getItem('porchlight:bannerOff') || '[]').indexOf(place) >= 0) root.setAttribute('data-banner-off', '')
  } catch (e) {}
  // Error pages answer at any URL; crawlers must index each language's page as it is.
  if (root.hasAttribute('data-no-lang') || /bot|crawl|spider|slurp|lighthouse/i.test(navigator.userAgent)) return
  // Language detection as i18next's detector: the i18nextLng key, the browser's languages, the
  // html lang tag; the first supported base language wins and values that are not language tags
  // (script injection) are ignored. It is cached in i18nextLng and updates the settings.
  function base(value) {
    return typeof value === 'string' &&
      /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(value) &&
      supported.indexOf(value.slice(0, 2).toLowerCase()) >= 0
      ? value.slice(0, 2).toLowerCase()
      : null
  }
  var candidates = [store.getItem && store.getItem('i18nextLng')].concat(navigator.languages || [navigator.language], [root.lang])
  var lang = null
  for (var i = 0; i < candidates.length && !lang; i++) lang = base(candidates[i])
  try {
    store.setItem('i18nextLng', lang)
    if (settings.language !== lang) {
      settings.language = lang
      store.setItem('porchlight:settings', JSON.stringify(settings))
    }
  } catch (e) {}
  // The URL's language wins (a localized link is a choice): nothing moves; client/language.ts
  // offers the saved or detected language in one dismissible line instead, in a slot this mark gives its
  // height before first paint (styles/reach.css), so the offer covers nothing and moves nothing.
  if (lang && lang !== root.lang && store.getItem('porchlight:dismissedLanguageOffer') !== root.lang + '>' + lang)
    root.setAttribute('data-offer', '')
  // The installed app starts at the default place with ?source=pwa (public/manifest.webmanifest): the page stays
  // hidden while client/app-start.ts opens the visitor's last place instead.
  if (/[?&]source=pwa/.test(location.search)) root.setAttribute('data-resolving', '')
})()
