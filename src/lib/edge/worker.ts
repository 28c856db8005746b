import type { HostRule } from '../routing/host-rules.ts'
import type { HeaderBlock } from '../security-headers.ts'
import { COMPRESSIBLE, routerSource } from './router.ts'

/**
 * A Cloudflare Worker (ES module) serving the site from an R2 bucket binding (`BUCKET`, keys under
 * the optional `PREFIX` variable) with exactly the behaviour of `npm run serve`: redirects, files
 * with clean URLs, rewrites, lower-casing and the nearest localized 404 page. It picks the deploy's
 * brotli or gzip copy by Accept-Encoding and sends it as is (`encodeBody: 'manual'`). Every answer
 * carries the security headers of src/lib/security-headers.ts (`headers`, the build's table).
 */
export function toWorker(rules: HostRule[], headers: HeaderBlock[] = []): string {
  return `// Porchlight routing for a Cloudflare Worker in front of R2. Generated from src/lib/routing/host-rules.ts; do not edit.
${routerSource(rules, headers)}
var COMPRESSIBLE = ${String(COMPRESSIBLE)}
function encodings(header) {
  var list = []
  if (/\\bbr\\b/.test(header || '')) list.push(['.br', 'br'])
  if (/\\bgzip\\b/.test(header || '')) list.push(['.gz', 'gzip'])
  return list
}
async function serve(env, request, key, status) {
  var prefix = env.PREFIX || '', options = { onlyIf: request.headers }
  var tries = COMPRESSIBLE.test(key) ? encodings(request.headers.get('accept-encoding')) : []
  tries.push(['', ''])
  for (var i = 0; i < tries.length; i++) {
    var object = await env.BUCKET.get(prefix + key + tries[i][0], status === 200 ? options : {})
    if (!object) continue
    var headers = new Headers()
    object.writeHttpMetadata(headers)
    headers.set('etag', object.httpEtag)
    if (COMPRESSIBLE.test(key)) headers.set('vary', 'Accept-Encoding')
    if (tries[i][1]) headers.set('content-encoding', tries[i][1])
    else headers.delete('content-encoding')
    if (!('body' in object) || !object.body) return new Response(null, { status: 304, headers: headers })
    return new Response(request.method === 'HEAD' ? null : object.body, { status: status, headers: headers, encodeBody: 'manual' })
  }
  return null
}
function moved(status, location, url) {
  return new Response(null, { status: status, headers: { location: location + url.search, 'cache-control': 'public, max-age=300' } })
}
function secure(response, path) {
  var headers = securityHeaders(path)
  for (var name in headers) response.headers.set(name, headers[name])
  return response
}
export default {
  async fetch(request, env) {
    return secure(await answer(request, env), new URL(request.url).pathname)
  },
}
async function answer(request, env) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method Not Allowed', { status: 405, headers: { allow: 'GET, HEAD' } })
    var url = new URL(request.url), r = route(url.pathname), i, response
    if (r.location) return moved(r.status, r.location, url)
    for (i = 0; i < r.files.length; i++) if ((response = await serve(env, request, r.files[i], 200))) return response
    for (i = 0; i < r.rewrite.length; i++) if ((response = await serve(env, request, r.rewrite[i], 200))) return response
    if (r.lower) return moved(301, r.lower, url)
    for (i = 0; i < r.notFound.length; i++) if ((response = await serve(env, request, r.notFound[i], 404))) return response
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}
`
}
