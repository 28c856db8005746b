import { createHash } from 'node:crypto'

/**
 * The site's security headers, written once here and emitted for every host format (`_headers`,
 * vercel.json, staticwebapp.config.json, nginx.conf, the Cloudflare Worker, the CloudFront Function)
 * and by `npm run serve`. The policy is computed from the build's configuration (the API and
 * telemetry endpoints come from env at build time) and the hashes of the inline scripts actually in
 * the pages. docs/security.md ("Headers") explains each directive.
 */

/** Where the browser's requests go, as the build configures them. */
export type HeaderSources = {
  /** PUBLIC_API_URL's origin (the Porchlight API). */
  api: string
  /** Application Insights' ingestion origin, when telemetry is configured. */
  telemetry: string | null
  /** Google Identity Services' script URL, when Google sign-in is configured. */
  gsi: string | null
  /** The weather providers' origins (DATA_SOURCES 1-6) and the radar tile index (DATA_SOURCES 5.2). */
  connect: string[]
}

export type PolicyInput = HeaderSources & { scriptHashes: string[] }

/** One path pattern of the headers table: `/*` for every path, `/embed/*` for a folder. */
export type HeaderBlock = { path: string; headers: [string, string][] }

/**
 * Paths that other sites may frame, and by whom (CSP `frame-ancestors`). Everything else answers
 * `frame-ancestors 'none'` and `X-Frame-Options: DENY`: the editor keeps staff tokens in localStorage,
 * so a framed page is a clickjacking target. The embeddable widget (docs/embedding.md) is the one
 * framable path: it reads no storage and has nothing to click but links.
 */
export const FRAMING: { path: string; frameAncestors: string }[] = [{ path: '/embed/*', frameAncestors: '*' }]

/** Two years: the value HSTS preload lists ask for. Sent only where TLS is known. */
export const HSTS = 'max-age=63072000'
export const HSTS_HEADER = 'Strict-Transport-Security'

/** Defaults of the variables below, as the browser code uses them (src/lib/weather/config.ts, radar.ts, google.ts…). */
const DEFAULTS = {
  PUBLIC_API_URL: 'http://localhost:8787',
  PUBLIC_OPEN_METEO_URL: 'https://api.open-meteo.com/v1/forecast',
  PUBLIC_OPEN_METEO_AIR_URL: 'https://air-quality-api.open-meteo.com/v1/air-quality',
  PUBLIC_OPEN_METEO_MARINE_URL: 'https://marine-api.open-meteo.com/v1/marine',
  PUBLIC_USGS_URL: 'https://earthquake.usgs.gov/fdsnws/event/1/query',
  PUBLIC_NWS_URL: 'https://api.weather.gov/alerts/active',
  PUBLIC_GOOGLE_GSI_URL: 'https://accounts.google.com/gsi/client',
}
/** The radar's tile index (src/lib/weather/radar.ts TMS_URL); its tiles are images. */
const RADAR_ORIGIN = 'https://mesonet.agron.iastate.edu'
/** Application Insights' default ingestion host (src/lib/telemetry/config.ts). */
const TELEMETRY_DEFAULT = 'https://dc.services.visualstudio.com'

const origin = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null
  } catch {
    return null
  }
}

/**
 * The hosts the browser calls, from the build's env (the same PUBLIC_* variables the pages read).
 * @example sourcesFromEnv({ PUBLIC_API_URL: 'https://api.porchlight.example' }).api // 'https://api.porchlight.example'
 */
export function sourcesFromEnv(env: Record<string, string | undefined>): HeaderSources {
  const value = (name: keyof typeof DEFAULTS): string => env[name]?.trim() || DEFAULTS[name]
  const connection = env['PUBLIC_APPINSIGHTS_CONNECTION_STRING']?.trim() ?? ''
  const ingestion = /(?:^|;)\s*IngestionEndpoint=([^;]+)/i.exec(connection)?.[1]?.trim()
  const weather = [
    'PUBLIC_OPEN_METEO_URL',
    'PUBLIC_OPEN_METEO_AIR_URL',
    'PUBLIC_OPEN_METEO_MARINE_URL',
    'PUBLIC_USGS_URL',
    'PUBLIC_NWS_URL',
  ] as const
  return {
    api: origin(value('PUBLIC_API_URL')) ?? DEFAULTS.PUBLIC_API_URL,
    telemetry: connection ? (origin(ingestion ?? TELEMETRY_DEFAULT) ?? null) : null,
    gsi: env['PUBLIC_GOOGLE_CLIENT_ID']?.trim() ? value('PUBLIC_GOOGLE_GSI_URL') : null,
    connect: [...new Set([...weather.map((name) => origin(value(name))), RADAR_ORIGIN].filter((o): o is string => !!o))],
  }
}

/**
 * The CSP hash source of each executable inline `<script>` of a page (JSON data blocks and scripts
 * with `src` need none).
 * @example inlineScriptHashes('<script>a()</script>') // ["'sha256-…'"]
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return hashes
}

/** The folder of Google's script (`…/gsi/client` → `…/gsi/`): its frame, style and API calls live there. */
const gsiBase = (url: string): string => url.slice(0, url.lastIndexOf('/') + 1)

/**
 * The Content-Security-Policy for the pages. Styles come only from files (the build inlines none and
 * writes no style attributes; Leaflet and React set styles through the DOM, which CSP allows).
 */
export function contentSecurityPolicy(input: PolicyInput, frameAncestors = "'none'"): string {
  const gsi = input.gsi ? gsiBase(input.gsi) : null
  const list = (...items: (string | null)[]): string => [...new Set(items.filter((i): i is string => !!i))].join(' ')
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", ...[...new Set(input.scriptHashes)].sort(), input.gsi)],
    ['style-src', list("'self'", gsi && `${gsi}style`)],
    ['img-src', "'self' data: blob: https:"],
    ['font-src', "'self'"],
    ['connect-src', list("'self'", input.api, input.telemetry, ...input.connect, gsi)],
    // 'self': the "Put this on your website" page previews the widget (docs/embedding.md).
    ['frame-src', list("'self'", gsi)],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', frameAncestors],
  ]
  return directives.map(([name, value]) => `${name} ${value}`).join('; ')
}

/** Headers sent with every answer besides the CSP and framing ones. */
const COMMON: [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  // OpenStreetMap's tile policy asks for a Referer: the origin goes, never the path or query.
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()'],
  [HSTS_HEADER, HSTS],
]

/**
 * The headers table: `/*` first, then one block per FRAMING entry with its own CSP and no
 * X-Frame-Options. Later blocks win for the headers they name (headersForPath).
 */
export function securityHeaderBlocks(input: PolicyInput, framing = FRAMING): HeaderBlock[] {
  return [
    {
      path: '/*',
      headers: [['Content-Security-Policy', contentSecurityPolicy(input)], ['X-Frame-Options', 'DENY'], ...COMMON],
    },
    ...framing.map(({ path, frameAncestors }) => ({
      path,
      headers: [['Content-Security-Policy', contentSecurityPolicy(input, frameAncestors)], ...COMMON] as [string, string][],
    })),
  ]
}

/** Whether a block's pattern (`/*`, `/embed/*`, or an exact path) covers a path. */
export const blockMatches = (pattern: string, pathname: string): boolean =>
  pattern.endsWith('/*') ? pathname.startsWith(pattern.slice(0, -1)) || pathname === pattern.slice(0, -2) : pathname === pattern

/**
 * The headers for one path: every matching block's, later blocks replacing earlier ones by name; a
 * block without X-Frame-Options (a framable path) drops the one the site-wide block set.
 * @example headersForPath(blocks, '/wa/duvall')['X-Frame-Options'] // 'DENY'
 */
export function headersForPath(blocks: HeaderBlock[], pathname: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const block of blocks) {
    if (!blockMatches(block.path, pathname)) continue
    if (block.path !== '/*') delete out['X-Frame-Options']
    for (const [name, value] of block.headers) out[name] = value
  }
  return out
}

/**
 * Netlify and Cloudflare Pages `_headers`. A framable block first detaches the site-wide CSP and
 * X-Frame-Options (`! Name`, Cloudflare's syntax), since hosts join repeated headers with commas.
 */
export function toHeadersFile(blocks: HeaderBlock[]): string {
  const lines: string[] = ['# Porchlight security headers. Generated from src/lib/security-headers.ts; do not edit.']
  for (const block of blocks) {
    lines.push(block.path)
    if (block.path !== '/*') lines.push('  ! Content-Security-Policy', '  ! X-Frame-Options')
    for (const [name, value] of block.headers) lines.push(`  ${name}: ${value}`)
  }
  return lines.join('\n') + '\n'
}

/**
 * Reads a `_headers` file back into blocks (`npm run serve` sends what the build wrote).
 * @example parseHeadersFile('/*\n  X-Frame-Options: DENY\n')[0].headers // [['X-Frame-Options', 'DENY']]
 */
export function parseHeadersFile(text: string): HeaderBlock[] {
  const blocks: HeaderBlock[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#') || line.trim().startsWith('!')) continue
    if (!/^\s/.test(line)) blocks.push({ path: line.trim(), headers: [] })
    else {
      const at = line.indexOf(':')
      if (at > 0) blocks.at(-1)?.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()])
    }
  }
  return blocks
}
