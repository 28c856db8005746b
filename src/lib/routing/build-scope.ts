import { LOCALES, isLocale, type Locale } from './routes.ts'

/** The site's city file (SPEC section 3). */
export const CITIES_FILE = 'public/data/cities.txt'

/**
 * The city file a build renders from: BUILD_CITIES, a file in the same format (the test build's
 * 34-place tests/fixtures/cities.txt), else the real one. scripts/build.ts also serves that file and its
 * nearest-place index from the built site, so the pages and the browser see the same places.
 * @example citiesFile({ BUILD_CITIES: 'tests/fixtures/cities.txt' }) // 'tests/fixtures/cities.txt'
 */
export function citiesFile(env: Record<string, string | undefined>): string {
  return env['BUILD_CITIES']?.trim() || CITIES_FILE
}

/** The slice of the site one build renders, from BUILD_STATES, BUILD_LOCALES and BUILD_SHARD. */
export type BuildScope = { states: Set<string> | null; locales: Locale[]; shard: { index: number; count: number } }

/**
 * Reads the scope variables; unknown locales or malformed values are errors, not silent no-ops.
 * @example readScope({ BUILD_STATES: 'wa,or', BUILD_LOCALES: 'en' }).locales // ['en']
 */
export function readScope(env: Record<string, string | undefined>): BuildScope {
  const list = (value: string | undefined): string[] =>
    (value ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean)
  const states = list(env['BUILD_STATES'])
  const badState = states.find((s) => !/^[a-z]{2}$/.test(s))
  if (badState) throw new Error(`BUILD_STATES: "${badState}" is not a two-letter state code`)
  const locales = list(env['BUILD_LOCALES'])
  const badLocale = locales.find((l) => !isLocale(l))
  if (badLocale) throw new Error(`BUILD_LOCALES: "${badLocale}" is not one of ${LOCALES.join(', ')}`)
  const [index = 0, count = 1] = (env['BUILD_SHARD'] ?? '0/1').split('/').map(Number)
  if (!(count >= 1 && index >= 0 && index < count)) throw new Error(`BUILD_SHARD: "${env['BUILD_SHARD']}" is not i/n`)
  return {
    states: states.length ? new Set(states) : null,
    locales: locales.length ? locales.filter(isLocale) : [...LOCALES],
    shard: { index, count },
  }
}

/**
 * Deals work units to shards, largest first to the lightest shard, so parallel builds finish together.
 * @example assignShards([['a', 5], ['b', 3], ['c', 2]], 2) // Map { a → 0, b → 1, c → 1 }
 */
export function assignShards(units: [string, number][], count: number): Map<string, number> {
  const load = Array.from({ length: count }, () => 0)
  const result = new Map<string, number>()
  for (const [key, size] of [...units].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const shard = load.indexOf(Math.min(...load))
    result.set(key, shard)
    load[shard] = (load[shard] ?? 0) + size
  }
  return result
}
