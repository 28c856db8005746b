import type { HostRule } from '../routing/host-rules.ts'
import type { HeaderBlock } from '../security-headers.ts'
import { routerSource } from './router.ts'

/** CloudFront Functions refuse code over 10 KB. */
export const CLOUDFRONT_MAX_BYTES = 10_240

/**
 * A CloudFront Function (cloudfront-js-2.0, viewer request) in front of the S3 bucket. It cannot
 * see whether a file exists, so it relies on what the unit tests prove: no rule matches a page, and
 * every page is lower-case with a `.html` file. Redirects are answered here; everything else is
 * rewritten to the object's key. Misses come back from S3 as 403/404 and the distribution's custom
 * error response serves /404.html with status 404 (one page per distribution: CloudFront cannot
 * pick /es/404.html for /es/ paths; the Worker can).
 * Associated with the viewer response event as well, the same function adds the security headers of
 * src/lib/security-headers.ts (`headers`) to every answer; its own redirects carry them too.
 */
export function toCloudFrontFunction(rules: HostRule[], headers: HeaderBlock[] = []): string {
  return `// Porchlight routing for CloudFront (cloudfront-js-2.0, viewer request and viewer response). Generated from src/lib/routing/host-rules.ts; do not edit.
${routerSource(rules, headers)}
var WORDS = { 301: 'Moved Permanently', 302: 'Found' }
function query(qs) {
  var out = []
  for (var name in qs) {
    var item = qs[name], values = item.multiValue ? item.multiValue : [item]
    for (var i = 0; i < values.length; i++) out.push(values[i].value === '' ? name : name + '=' + values[i].value)
  }
  return out.length ? ('?' + out.join('&')).replace(/[\\u0000-\\u0020\\u007f]/g, encodeURIComponent) : ''
}
function secure(response, uri) {
  var headers = securityHeaders(uri)
  for (var name in headers) response.headers[name.toLowerCase()] = { value: headers[name] }
  return response
}
function moved(status, location, request) {
  return secure({ statusCode: status, statusDescription: WORDS[status], headers: { location: { value: location + query(request.querystring) }, 'cache-control': { value: 'public, max-age=300' } } }, request.uri)
}
function handler(event) {
  var request = event.request
  if (event.context.eventType === 'viewer-response') return secure(event.response, request.uri)
  var r = route(request.uri)
  if (r.location) return moved(r.status, r.location, request)
  if (r.lower) return moved(301, r.lower, request)
  // A refused path asks S3 for a key no deploy writes, so the custom error response answers 404.
  var key = r.rewrite.length ? r.rewrite[0] : r.files.length ? r.files[0] : '.refused'
  request.uri = '/' + key.split('/').map(encodeURIComponent).join('/')
  return request
}
`
}
