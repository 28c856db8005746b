import { SEGMENT_CLASS, type HostRule } from './host-rules.ts'
import { LOCALES } from './routes.ts'
import { HSTS, HSTS_HEADER, headersForPath, type HeaderBlock } from '../security-headers.ts'

/**
 * A rule's `from` as a regular expression. Placeholders match only SEGMENT_CLASS: nginx matches the
 * decoded path, so `([^/]+)` would let `/home/%5Cevil.com/x` redirect to `/\evil.com/x`, another host.
 */
export const toRegex = (from: string): { regex: string; names: string[] } => {
  const names: string[] = []
  const body = from
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) return (names.push(part.slice(1)), `(${SEGMENT_CLASS})`)
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return { regex: `^${body || '/'}/?$`, names }
}

/** Netlify and Cloudflare Pages `_redirects`. */
export function toRedirectsFile(rules: HostRule[]): string {
  return rules.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n') + '\n'
}

/** A `from` in path-to-regexp syntax with each placeholder limited to SEGMENT_CLASS (as nginx's). */
const vercelSource = (from: string): string => from.replace(/:([a-z]+)/g, `:$1(${SEGMENT_CLASS})`)

/** A headers-table pattern (`/*`, `/embed/*`) as a path-to-regexp source. */
const vercelPattern = (path: string): string => (path.endsWith('/*') ? `${path.slice(0, -1)}(.*)` : path)

/**
 * vercel.json `headers`: the site-wide block on every path but the framable ones (Vercel merges every
 * matching entry and cannot drop a header), then each framable block.
 */
function vercelHeaders(blocks: HeaderBlock[]): { source: string; headers: { key: string; value: string }[] }[] {
  const framed = blocks.filter((b) => b.path !== '/*').map((b) => b.path.replace(/^\/|\*$/g, ''))
  return blocks.map((block) => ({
    source:
      block.path === '/*' && framed.length
        ? `/((?!${framed.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}).*)`
        : vercelPattern(block.path),
    headers: Object.entries(headersForPath(blocks, block.path === '/*' ? '/' : block.path.replace(/\*$/, ''))).map(
      ([key, value]) => ({
        key,
        value,
      }),
    ),
  }))
}

/** vercel.json: redirects, rewrites, clean URLs, the security headers. */
export function toVercelJson(rules: HostRule[], blocks: HeaderBlock[] = []): string {
  return JSON.stringify(
    {
      cleanUrls: true,
      trailingSlash: false,
      redirects: rules
        .filter((r) => r.status !== 200)
        .map((r) => ({ source: vercelSource(r.from), destination: r.to, permanent: r.status === 301 })),
      rewrites: rules.filter((r) => r.status === 200).map((r) => ({ source: vercelSource(r.from), destination: r.to })),
      ...(blocks.length ? { headers: vercelHeaders(blocks) } : {}),
    },
    null,
    2,
  )
}

/**
 * Azure Static Web Apps cannot substitute path segments, so aliases and coordinate routes are
 * handed to the 404 page, whose resolver applies the same rules in the browser. The security headers
 * are `globalHeaders`; a framable block is a route whose headers replace them (Azure cannot drop
 * X-Frame-Options there: it is sent empty, which browsers ignore).
 */
export function toAzureJson(blocks: HeaderBlock[] = []): string {
  const prefixes = LOCALES.map((l) => (l === 'en' ? '' : `/${l}`))
  const framed = blocks
    .filter((b) => b.path !== '/*')
    .map((b) => ({ route: b.path, headers: { ...headersForPath(blocks, b.path.replace(/\*$/, '')), 'X-Frame-Options': '' } }))
  return JSON.stringify(
    {
      trailingSlash: 'never',
      routes: [
        ...framed,
        ...prefixes.flatMap((p) => [
          { route: `${p}/z/*`, rewrite: `${p}/404.html` },
          { route: `${p}/reset/*`, rewrite: `${p}/reset.html` },
        ]),
      ],
      responseOverrides: { '404': { rewrite: '/404.html', statusCode: 404 } },
      ...(blocks.length ? { globalHeaders: headersForPath(blocks, '/') } : {}),
    },
    null,
    2,
  )
}

/**
 * nginx `add_header` lines (with `always`, so 404 pages get them too) for one path. HSTS goes through
 * $porchlight_hsts, empty (so not sent) unless the request came over TLS.
 */
function nginxHeaders(blocks: HeaderBlock[], path: string): string[] {
  return Object.entries(headersForPath(blocks, path)).map(([name, value]) =>
    name === HSTS_HEADER
      ? `add_header ${name} $porchlight_hsts always;`
      : `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;`,
  )
}

/** An nginx `server` snippet: the security headers, the same rules as regular expressions, then clean URLs. */
export function toNginxConf(rules: HostRule[], blocks: HeaderBlock[] = []): string {
  const secure = nginxHeaders(blocks, '/')
  const lines = [
    '# Porchlight: include inside a server { } block whose root is dist/.',
    'absolute_redirect off;',
    '# The .gz and .br copies that `npm run precompress` writes next to each text file. gzip_static is in',
    "# Debian's and most packaged nginx builds; brotli_static needs the ngx_brotli module: uncomment it there.",
    'gzip_static on;',
    'gzip_vary on;',
    '# brotli_static on;',
    '# Hashed build assets never change under their name; pages and data revalidate after five minutes.',
    'add_header Cache-Control "public, max-age=300, stale-while-revalidate=86400";',
    ...(blocks.length
      ? [
          '# Security headers (src/lib/security-headers.ts). nginx drops these in a location with add_header lines',
          '# of its own, so each such location below repeats them. HSTS only over TLS.',
          'set $porchlight_hsts "";',
          `if ($https = on) { set $porchlight_hsts "${HSTS}"; }`,
          ...secure,
        ]
      : []),
    [
      'location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable";',
      ...secure,
      'try_files $uri =404; }',
    ].join(' '),
    // The edge code and the host rule files are not content (the Worker and `npm run serve` answer 404 too).
    'location /_edge/ { return 404; }',
    'location = /_redirects { return 404; }',
    'location = /_headers { return 404; }',
    ...blocks
      .filter((b) => b.path.endsWith('/*') && b.path !== '/*')
      .map(
        (b) =>
          `location ${b.path.slice(0, -1)} { add_header Cache-Control "public, max-age=300, stale-while-revalidate=86400"; ${nginxHeaders(blocks, b.path.slice(0, -1)).join(' ')} try_files $uri $uri.html =404; }`,
      ),
  ]
  for (const rule of rules) {
    const { regex, names } = toRegex(rule.from)
    const target = rule.to.replace(/:([a-z]+)/g, (_, name: string) => `$${names.indexOf(name) + 1}`)
    if (rule.status !== 200)
      // nginx appends the query string to a redirect's target by itself ($is_args$args here doubled it).
      lines.push(`rewrite "${regex}" ${target} ${rule.status === 301 ? 'permanent' : 'redirect'};`)
    else lines.push(`rewrite "${regex}" ${target}.html last;`)
  }
  for (const locale of LOCALES.filter((l) => l !== 'en'))
    lines.push(`location /${locale}/ { error_page 404 /${locale}/404.html; try_files $uri $uri.html =404; }`)
  lines.push('location / { try_files $uri $uri.html $uri/index.html =404; }', 'error_page 404 /404.html;')
  return lines.join('\n') + '\n'
}
