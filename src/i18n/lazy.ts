import type { Locale } from '../lib/routes.ts'

/**
 * Loads one language's dictionary on demand (its own cached chunk), for the rare message a static
 * page needs only after an event, such as a device-location error.
 */
export async function loadDictionary(locale: Locale): Promise<Record<string, string>> {
  const loaders: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
    en: () => import('./en.json'),
    es: () => import('./es.json'),
    fr: () => import('./fr.json'),
    de: () => import('./de.json'),
    ja: () => import('./ja.json'),
    zh: () => import('./zh.json'),
  }
  return (await loaders[locale]()).default
}
