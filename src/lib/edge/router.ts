import { SEGMENT_CLASS, type HostRule } from '../routing/host-rules.ts'
import { LOCALES, localePrefix } from '../routing/routes.ts'
import type { HeaderBlock } from '../security-headers.ts'

/**
 * The routing decision shared by the CloudFront Function and the Cloudflare Worker, as ES5 source
 * (cloudfront-js-2.0 is ES5.1 with a few ES6 additions, and neither runtime can import a module).
 * `route(rawPath)` mirrors `npm run serve` (scripts/serve.ts) with the 404 page's lower-casing:
 *   1. refuse paths that decode badly or carry control characters, backslashes, empty or dot
 *      segments (404): none is a page, and each is a way to turn a Location into another host
 *      (`/.//evil.com/`, `/home/%5Cevil.com/x`, `/weather/%09/evil.com`, CR/LF);
 *   2. drop a trailing slash (301);
 *   3. redirect rules (301/302); a `:name` matches only what matchRule() lets it (SEGMENT_CLASS),
 *      and is percent-encoded into the target all the same;
 *   4. files: a path whose last segment has a dot is the file itself (then + `.html`), any other only
 *      `path.html` (clean URLs; so `/_redirects`, `/_headers` are never served, and CloudFront, which
 *      cannot look, picks the same file); dot-folders never but `/.well-known/`, nor the edge code `_edge/`;
 *   5. rewrite rules (200): the coordinate shells and /reset;
 *   6. a mixed-case path without a dot in its last segment goes to its lower-case form (301), through
 *      the rules first (a file name with a dot is served as spelt, or not at all);
 *   7. the nearest 404 page: `/es/404.html` under /es/, else `/404.html`.
 * It returns { status, location } for a redirect, or the lists of keys to try for steps 4-7.
 */
const ROUTER = String.raw`
function decodePath(raw) {
  var path
  try { path = decodeURIComponent(raw) } catch (e) { return null }
  return path.charAt(0) === '/' && !/[\u0000-\u001f\u007f\\]/.test(path) ? path : null
}
function cleanSegments(path) {
  if (path === '/') return true
  var parts = path.split('/')
  for (var i = 1; i < parts.length; i++) if (parts[i] === '' || parts[i] === '.' || parts[i] === '..') return false
  return true
}
function encodePath(path) {
  return path.split('/').map(encodeURIComponent).join('/')
}
function matchRules(path, encode) {
  var parts = path.split('/')
  for (var i = 0; i < RULES.length; i++) {
    var from = RULES[i][0].split('/'), params = {}, ok = from.length === parts.length
    for (var j = 0; ok && j < from.length; j++) {
      if (from[j].charAt(0) === ':') {
        ok = parts[j].length <= 200 && SEGMENT.test(parts[j])
        params[from[j].slice(1)] = parts[j]
      }
      else ok = from[j] === parts[j]
    }
    if (ok) {
      var to = RULES[i][1].replace(/:([a-z]+)/g, function (whole, name) {
        return params.hasOwnProperty(name) ? (encode ? encodeURIComponent(params[name]) : params[name]) : whole
      })
      return { to: to, status: RULES[i][2] }
    }
  }
  return null
}
function sameOrigin(location) {
  return location === '/' || /^\/[^\/\\]/.test(location)
}
function notFoundPages(first) {
  return LOCALES.indexOf(first) >= 0 ? [first + '/404.html', '404.html'] : ['404.html']
}
function refuse(raw) {
  return { status: 404, files: [], rewrite: [], lower: null, notFound: notFoundPages(raw.split('/')[1]) }
}
function route(raw) {
  var path = decodePath(raw)
  function redirect(status, location) {
    return sameOrigin(location) ? { status: status, location: location } : refuse(raw)
  }
  if (path === null) return refuse(raw)
  if (path.length > 1 && path.charAt(path.length - 1) === '/') {
    var trimmed = path.replace(/\/+$/, '')
    return trimmed && cleanSegments(trimmed) ? redirect(301, encodePath(trimmed)) : refuse(raw)
  }
  if (!cleanSegments(path)) return refuse(raw)
  var hit = matchRules(path, true)
  if (hit && hit.status !== 200) return redirect(hit.status, hit.to)
  var key = path.slice(1), files = [], last = key.slice(key.lastIndexOf('/') + 1)
  if (!/(^|\/)\./.test(key.replace(/^\.well-known\//, '')) && !/^_edge(\/|$)/.test(key)) {
    if (key === '') files = ['index.html']
    else if (last.indexOf('.') >= 0) files = [key, key + '.html']
    else files = [key + '.html']
  }
  var rewrite = hit ? [matchRules(path, false).to.slice(1) + '.html'] : []
  var lower = null, low = path.toLowerCase()
  if (low !== path && last.indexOf('.') < 0) {
    var lowHit = matchRules(low, true)
    lower = lowHit && lowHit.status !== 200 ? lowHit.to : encodePath(low)
    if (!sameOrigin(lower)) lower = null
  }
  return { status: 200, files: files, rewrite: rewrite, lower: lower, notFound: notFoundPages(path.split('/')[1]) }
}
`

/**
 * `securityHeaders(path)`: the headers of src/lib/security-headers.ts for a path, as headersForPath()
 * computes them (a later block replaces earlier ones by name; a framable block drops X-Frame-Options).
 */
const HEADERS_SOURCE = String.raw`
function securityHeaders(path) {
  var out = {}
  for (var i = 0; i < HEADERS.length; i++) {
    var pattern = HEADERS[i].path, all = pattern.slice(-2) === '/*', stem = pattern.slice(0, -1)
    if (!(all ? path.indexOf(stem) === 0 || path === pattern.slice(0, -2) : path === pattern)) continue
    if (pattern !== '/*') delete out['X-Frame-Options']
    for (var j = 0; j < HEADERS[i].headers.length; j++) out[HEADERS[i].headers[j][0]] = HEADERS[i].headers[j][1]
  }
  return out
}
`

/** The router with the site's rules, locale prefixes and security headers compiled in, as `var` declarations. */
export function routerSource(rules: HostRule[], headers: HeaderBlock[] = []): string {
  const compact = rules.map((r) => [r.from, r.to, r.status])
  const prefixes = LOCALES.map(localePrefix)
    .filter(Boolean)
    .map((p) => p.slice(1))
  return `var RULES = ${JSON.stringify(compact)}\nvar SEGMENT = /^${SEGMENT_CLASS}$/\nvar LOCALES = ${JSON.stringify(prefixes)}\nvar HEADERS = ${JSON.stringify(headers)}\n${ROUTER.trim()}\n${HEADERS_SOURCE.trim()}\n`
}

/** Extensions the deploy stores with .br and .gz copies (scripts/deploy/headers.ts compressible()). */
export const COMPRESSIBLE = /\.(html|css|js|mjs|json|webmanifest|xml|txt|svg|conf|map|ico)$/
