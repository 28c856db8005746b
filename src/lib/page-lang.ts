import { isLocale, type Locale } from './routing/routes.ts'

/**
 * The page's language, read from `<html lang>` at the time of the call (every page is built in one
 * of the locales); 'en' when it is missing or unknown, or outside a page (unit tests, workers).
 * The one place that reads `document.documentElement.lang`.
 * @example pageLang() // 'es' on /es/wa/duvall
 */
export function pageLang(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang
  return isLocale(lang) ? lang : 'en'
}
