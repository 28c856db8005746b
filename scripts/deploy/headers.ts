// Content-Type, Cache-Control and compressibility per file, from its path alone (so deletes know the variants).

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  conf: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
  ico: 'image/x-icon',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  pdf: 'application/pdf',
}

/** Hashed build assets never change under their name; everything else may change on any deploy. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Five minutes fresh, then served stale for a day while the CDN revalidates in the background. */
export const REVALIDATE = 'public, max-age=300, stale-while-revalidate=86400'

const extension = (path: string): string => /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? ''

/** @example contentType('wa/duvall.html') // 'text/html; charset=utf-8' */
export function contentType(path: string): string {
  // Extensionless files at the root are host rules (_redirects) and read as text.
  return TYPES[extension(path)] ?? (extension(path) ? 'application/octet-stream' : 'text/plain; charset=utf-8')
}

/** @example cacheControl('_astro/client.BSdmDzVD.js') // IMMUTABLE */
export function cacheControl(path: string): string {
  return path.startsWith('_astro/') ? IMMUTABLE : REVALIDATE
}

/** Text worth a brotli and a gzip copy; images and fonts are compressed already. */
export function compressible(path: string): boolean {
  return contentType(path).includes('charset=') || extension(path) === 'ico'
}

/**
 * A fingerprint of these rules, kept in the manifest: when the headers or variants change,
 * every object is uploaded again so none keeps stale metadata.
 */
export function headerRulesId(variants: string[]): string {
  return [IMMUTABLE, REVALIDATE, JSON.stringify(TYPES), variants.join('+')].join('|')
}
