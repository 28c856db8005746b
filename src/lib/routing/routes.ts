/** Languages of the site; English lives at the root, the others under /{locale}. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'ja', 'zh'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Sections of a place; weather is the default and has no suffix in the canonical URL. */
export const SECTIONS = ['weather', 'statuses', 'cameras', 'roads', 'local', 'page'] as const
export type Section = (typeof SECTIONS)[number]

/** Pages that are not about a place. */
export const APP_PAGES = ['settings', 'editor', 'login', 'reset', 'auth/callback', 'page'] as const
export type AppPage = (typeof APP_PAGES)[number]

export const DEFAULT_ROUTE = 'wa/duvall'
export const DEFAULT_POINT = { lat: 47.74232, lon: -121.98568 }

/** Where the static coordinate shells live; /z/{lat}/{lon}/{section} is rewritten to them. */
export const COORD_SHELL = 'z/shell'

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function isSection(value: unknown): value is Section {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value)
}

/** '' for English, '/es' for Spanish. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`
}

const suffix = (section: Section): string => (section === 'weather' ? '' : `/${section}`)

/**
 * Canonical URL path of a city section.
 * @example cityPath('es', 'wa/duvall', 'roads') // '/es/wa/duvall/roads'
 */
export function cityPath(locale: Locale, route: string, section: Section = 'weather'): string {
  return `${localePrefix(locale)}/${route}${suffix(section)}`
}

/**
 * URL path of a map point's section, coordinates rounded to 2 decimals.
 * @example coordPath('en', 47.74232, -121.98568, 'local') // '/z/47.74/-121.99/local'
 */
export function coordPath(locale: Locale, lat: number, lon: number, section: Section = 'weather'): string {
  const fixed = (n: number): string => String(Math.round(n * 100) / 100)
  return `${localePrefix(locale)}/z/${fixed(lat)}/${fixed(lon)}${suffix(section)}`
}

/** URL path of a page that is not about a place. */
export function appPath(locale: Locale, page: AppPage): string {
  return `${localePrefix(locale)}/${page}`
}

/**
 * Reads the section and, for coordinate pages, the raw point out of a path without its locale.
 * @example readPlacePath('/z/47.74/-121.99/roads') // { kind: 'coord', lat: '47.74', lon: '-121.99', section: 'roads' }
 */
export function readPlacePath(
  path: string,
): { kind: 'coord'; lat: string; lon: string; section: Section } | { kind: 'city'; route: string; section: Section } | null {
  const parts = path.split('/').filter(Boolean)
  const [first, a = '', b = '', section = 'weather'] = parts
  if (first === 'z' && parts.length >= 3 && parts.length <= 4 && isSection(section))
    return { kind: 'coord', lat: a, lon: b, section }
  const [state = '', city = '', citySection = 'weather'] = parts
  if (parts.length >= 2 && parts.length <= 3 && /^[a-z]{2}$/i.test(state) && /^[a-z-]+$/i.test(city) && isSection(citySection))
    return { kind: 'city', route: `${state}/${city}`.toLowerCase(), section: citySection }
  return null
}

/**
 * The token in /reset/{token} (or /{lang}/reset/{token}); null when there is none.
 * @example resetToken('/de/reset/abcdefghijklmnop') // 'abcdefghijklmnop'
 */
export function resetToken(path: string): string | null {
  const match = /\/reset\/([\w-]{10,200})\/?$/.exec(path)
  return match?.[1] ?? null
}
