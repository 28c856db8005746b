// The one translator of the browser: islands (useT), page scripts and stores ($t, loadT) and the
// assistant read the page language's dictionary through it. Keys are the build's I18nKey, so a
// misspelt key fails the type check; a key with plural forms (search.count_one, search.count_other)
// needs a numeric count. The build translates with i18next (index.ts), which picks the same forms.
import { fill } from '../lib/fill.ts'
import { kept } from '../lib/kept.ts'
import type en from './en.json'
import type { I18nKey } from './index.ts'

export type { I18nKey }

/**
 * Keys of one template-literal family, for keys built from a value: `t(\`condition.${code}\` as I18nFamily<'condition'>)`.
 * tests/unit/i18n/keys.test.ts checks that every family used in code has keys in en.json.
 * @example const key: I18nFamily<'compass'> = 'compass.n'
 */
export type I18nFamily<Prefix extends string> = Extract<I18nKey, `${Prefix}.${string}`>

/** A key with plural forms in en.json (`search.count` for search.count_one and search.count_other). */
export type PluralKey = keyof typeof en extends infer K ? (K extends `${infer Base}_one` ? Base : never) : never

/** The values of a text's {{placeholders}}. */
export type TValues = Readonly<Record<string, string | number>>

/** A plural key's values: `count` picks the form and fills {{count}}. */
type Values<K extends I18nKey> = K extends PluralKey
  ? [values: TValues & { readonly count: number }]
  : [values?: TValues | undefined]

/**
 * A translate function: a dictionary key and its {{placeholders}}; the text of the right plural form
 * when the key has plural forms. A key the dictionary lacks comes back as it is.
 * @example t('banner.more', { count: '3' }) // '(+3 more)'
 * @example t('search.count', { count: 1 }) // '1 city found'
 */
export type T = <K extends I18nKey>(key: K, ...values: Values<K>) => string

/** The texts of one language, as the dictionary chunks (lazy.ts) or the build's dictionaries hold them. */
export type Texts = Readonly<Record<string, string>>

const pluralRules = new Map<string, Intl.PluralRules>()

/**
 * The plural form of a count in a language, as Intl (and i18next) name them.
 * @example pluralForm('en', 1) // 'one'
 */
export function pluralForm(locale: string, count: number): Intl.LDMLPluralRule {
  return kept(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count)
}

const translators = new WeakMap<Texts, Map<string, T>>()

/**
 * The translate function over one language's texts; the same function for the same texts.
 * @example translator({ 'pin.pinned': '{{place}} pinned' }, 'en')('pin.pinned', { place: 'Duvall' }) // 'Duvall pinned'
 */
export function translator(texts: Texts, locale: string): T {
  let byLocale = translators.get(texts)
  if (!byLocale) translators.set(texts, (byLocale = new Map<string, T>()))
  const existing = byLocale.get(locale)
  if (existing) return existing
  const translate = (key: I18nKey, values: TValues = {}): string => {
    const count = values['count']
    const plural = typeof count === 'number' ? (texts[`${key}_${pluralForm(locale, count)}`] ?? texts[`${key}_other`]) : undefined
    const strings: Record<string, string> = {}
    for (const name in values) strings[name] = String(values[name])
    return fill(plural ?? texts[key] ?? key, strings)
  }
  byLocale.set(locale, translate)
  return translate
}
