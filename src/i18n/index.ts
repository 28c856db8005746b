import i18next, { type TFunction } from 'i18next'
import { LOCALES, type Locale } from '../lib/routing/routes.ts'
import de from './de.json' with { type: 'json' }
import en from './en.json' with { type: 'json' }
import es from './es.json' with { type: 'json' }
import fr from './fr.json' with { type: 'json' }
import ja from './ja.json' with { type: 'json' }
import zh from './zh.json' with { type: 'json' }
import type { T } from './translate.ts'

/** A key of the English dictionary, without its plural suffix. */
export type I18nKey = keyof typeof en extends infer K ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : never

export const dictionaries: Record<Locale, Record<string, string>> = { en, es, fr, de, ja, zh }

/** The build's translate function: the same type as the browser's (translate.ts). */
type Translate = T
const instances = new Map<Locale, Translate>()

/**
 * Returns a translate function for a locale: flat dotted keys, i18next interpolation and plurals.
 * @example useTranslations('es')('nav.weather') // 'Tiempo'
 */
export function useTranslations(locale: Locale): Translate {
  const existing = instances.get(locale)
  if (existing) return existing
  const instance = i18next.createInstance()
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: dictionaries[l] }])),
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  const t: TFunction = instance.t
  // Pages repeat the same labels ~750,000 times: i18next resolves a key in microseconds, a Map in nanoseconds.
  const memo = new Map<string, string>()
  const translate = (key: I18nKey, params?: Record<string, string | number>): string => {
    const id = params ? `${key}|${JSON.stringify(params)}` : key
    let text = memo.get(id)
    if (text === undefined) {
      text = String(t(key, params ?? {}))
      // Labels come first and stay; per-city texts stop being kept once the memo is full.
      if (memo.size < 10_000) memo.set(id, text)
    }
    return text
  }
  instances.set(locale, translate)
  return translate
}
