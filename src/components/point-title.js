// Inlined (minified) right after a coordinate page's heading; runs before first paint. Plain ES5 on purpose.
// Names the point in the heading and the header at once, so the first screen's largest text is the
// page's own and nothing changes size later; lib/coord-shell.ts does the rest (nearest place, errors).
// The check is parsePoint's (lib/geo.ts); an invalid point keeps the placeholder for coord-shell.ts.
;(function () {
  var match = /\/z\/([^/]+)\/([^/]+)/.exec(location.pathname)
  var number = /^[-+]?(\d{1,3}(\.\d*)?|\.\d+)$/
  if (!match || !number.test(match[1]) || !number.test(match[2])) return
  var lat = Number(match[1])
  var lon = Number(match[2])
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return
  var template = document.getElementById('point-head').getAttribute('data-title')
  var title = template.replace('{{lat}}', lat.toFixed(2)).replace('{{lon}}', lon.toFixed(2))
  document.getElementById('point-title').textContent = title
  document.getElementById('place-name').textContent = title
  // Pollen is forecast only in Europe (POLLEN_AREA in lib/weather/air.ts): elsewhere its card stays hidden.
  if (lat >= 30 && lat <= 72 && lon >= -25 && lon <= 45) document.documentElement.setAttribute('data-pollen', '')
})()
