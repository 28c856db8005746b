// The islands' translate hook: the page language's dictionary chunk through the one translator (translate.ts).
import { useStore } from '@nanostores/react'
import { pageLang } from '../lib/page-lang.ts'
import { $dictionary } from '../lib/stores/dictionary.ts'
import { translator, type T } from './translate.ts'

export type { I18nFamily, I18nKey, T } from './translate.ts'

/** The page language's texts, or null until its dictionary chunk has loaded. */
export function useT(): T | null {
  const dictionary = useStore($dictionary)
  return dictionary ? translator(dictionary, pageLang()) : null
}
