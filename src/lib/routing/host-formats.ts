import { SEGMENT_CLASS, type HostRule } from './host-rules.ts'
import { LOCALES } from './routes.ts'

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

/** vercel.json: redirects, rewrites, clean URLs. */
export function toVercelJson(rules: HostRule[]): string {
  return JSON.stringify(
    {
      cleanUrls: true,
      trailingSlash: false,
      redirects: rules
        .filter((r) => r.status !== 200)
        .map((r) => ({ source: vercelSource(r.from), destination: r.to, permanent: r.status === 301 })),
      rewrites: rules.filter((r) => r.status === 200).map((r) => ({ source: vercelSource(r.from), destination: r.to })),
    },
    null,
    2,
  )
}

/**
 * Azure Static Web Apps cannot substitute path segments, so aliases and coordinate routes are
 * handed to the 404 page, whose resolver applies the same rules in the browser.
 */
export function toAzureJson(): string {
  const prefixes = LOCALES.map((l) => (l === 'en' ? '' : `/${l}`))
  return JSON.stringify(
    {
      trailingSlash: 'never',
      routes: prefixes.flatMap((p) => [
        { route: `${p}/z/*`, rewrite: `${p}/404.html` },
        { route: `${p}/reset/*`, rewrite: `${p}/reset.html` },
      ]),
      responseOverrides: { '404': { rewrite: '/404.html', statusCode: 404 } },
    },
    null,
    2,
  )
}

/** An nginx `server` snippet: the same rules as regular expressions, then clean URLs. */
export function toNginxConf(rules: HostRule[]): string {
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
    'location /_astro/ { add_header Cache-Control "public, max-age=31536000, immutable"; try_files $uri =404; }',
    'location /_edge/ { return 404; }',
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
