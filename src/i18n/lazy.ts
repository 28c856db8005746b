import type { Locale } from '../lib/routing/routes.ts'
import type { DictionaryPart } from './parts.ts'
import { translator, type T } from './translate.ts'

type Texts = Record<string, string>
type Loader = () => Promise<{ default: Texts }>

// Each (language, part) is its own cached chunk; the `?part=` query is resolved at build time (parts-plugin.ts).
const loaders: Record<Locale, Record<DictionaryPart, Loader>> = {
  en: {
    visitor: () => import('./en.json?part=visitor'),
    assistant: () => import('./en.json?part=assistant'),
    staff: () => import('./en.json?part=staff'),
    later: () => import('./en.json?part=later'),
  },
  es: {
    visitor: () => import('./es.json?part=visitor'),
    assistant: () => import('./es.json?part=assistant'),
    staff: () => import('./es.json?part=staff'),
    later: () => import('./es.json?part=later'),
  },
  fr: {
    visitor: () => import('./fr.json?part=visitor'),
    assistant: () => import('./fr.json?part=assistant'),
    staff: () => import('./fr.json?part=staff'),
    later: () => import('./fr.json?part=later'),
  },
  de: {
    visitor: () => import('./de.json?part=visitor'),
    assistant: () => import('./de.json?part=assistant'),
    staff: () => import('./de.json?part=staff'),
    later: () => import('./de.json?part=later'),
  },
  ja: {
    visitor: () => import('./ja.json?part=visitor'),
    assistant: () => import('./ja.json?part=assistant'),
    staff: () => import('./ja.json?part=staff'),
    later: () => import('./ja.json?part=later'),
  },
  zh: {
    visitor: () => import('./zh.json?part=visitor'),
    assistant: () => import('./zh.json?part=assistant'),
    staff: () => import('./zh.json?part=staff'),
    later: () => import('./zh.json?part=later'),
  },
}

/**
 * Loads parts of one language's dictionary on demand, merged: by default what visitors see. Staff
 * texts load only where staff UI runs, the assistant's with the assistant (src/i18n/parts.ts).
 * @example await loadDictionary('es', ['visitor', 'staff'])
 */
export async function loadDictionary(locale: Locale, parts: readonly DictionaryPart[] = ['visitor']): Promise<Texts> {
  const loaded = await Promise.all(parts.map((part) => loaders[locale][part]()))
  return Object.assign({}, ...loaded.map((module) => module.default)) as Texts
}

// The language offer's texts of each language, alone (parts.ts, OFFER_KEYS).
const offers: Record<Locale, Loader> = {
  en: () => import('./en.json?part=offer'),
  es: () => import('./es.json?part=offer'),
  fr: () => import('./fr.json?part=offer'),
  de: () => import('./de.json?part=offer'),
  ja: () => import('./ja.json?part=offer'),
  zh: () => import('./zh.json?part=offer'),
}

/**
 * The texts of the offer to view the page in `locale`, in that language.
 * @example (await loadOfferTexts('de'))['language.viewInThis'] // 'Auf Deutsch ansehen'
 */
export async function loadOfferTexts(locale: Locale): Promise<Texts> {
  return (await offers[locale]()).default
}

/**
 * The translate function of one language's parts, for scripts that load the texts when they need them.
 * @example (await loadT('es'))('pin.pinned', { place: 'Duvall, WA' })
 */
export async function loadT(locale: Locale, parts: readonly DictionaryPart[] = ['visitor']): Promise<T> {
  return translator(await loadDictionary(locale, parts), locale)
}
