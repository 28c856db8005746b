// The islands' translate hook: the page language's dictionary chunk, keys typed as the build types them.
import { useStore } from '@nanostores/react'
import { fill } from '../lib/fill.ts'
import { $dictionary } from '../lib/stores/dictionary.ts'
import type { I18nKey } from './index.ts'

export type { I18nKey }

/**
 * Keys of one template-literal family, for keys built from a value: `t(\`condition.${code}\` as I18nFamily<'condition'>)`.
 * tests/unit/i18n/keys.test.ts checks that every family used in code has keys in en.json.
 * @example const key: I18nFamily<'compass'> = 'compass.n'
 */
export type I18nFamily<Prefix extends string> = Extract<I18nKey, `${Prefix}.${string}`>

/** A translate function: a dictionary key (the build's I18nKey) and its {{placeholders}}. */
export type T = (key: I18nKey, values?: Record<string, string>) => string

/** The page language's texts, or null until its dictionary chunk has loaded. */
export function useT(): T | null {
  const dictionary = useStore($dictionary)
  if (!dictionary) return null
  return (key, values) => fill(dictionary[key] ?? key, values ?? {})
}
