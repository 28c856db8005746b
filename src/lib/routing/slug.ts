/** Letters that Unicode decomposition does not split into a base letter and a mark. */
const SPECIAL: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }

/** Lower-cases and transliterates accented letters to plain ASCII ones. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (ch) => SPECIAL[ch] ?? '')
}

/**
 * Route slug of a city name: lower-cased, accents transliterated, spaces to hyphens,
 * every other character dropped (SPEC section 2).
 * @example citySlug("Coeur d'Alene") // 'coeur-dalene'
 * @example citySlug('Cañon City') // 'canon-city'
 */
export function citySlug(name: string): string {
  return fold(name)
    .replace(/[\s_]+/g, '-')
    .replace(/[^a-z-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * Normalized search key: lower-cased, accents removed, punctuation dropped, spaces folded.
 * @example searchKey('St. Louis') // 'st louis'
 */
export function searchKey(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim()
}

/** The route pattern of SPEC section 2: two letters, a slash, then letters and hyphens. */
export const ROUTE_PATTERN = /^[a-z]{2}\/[a-z-]+$/i
