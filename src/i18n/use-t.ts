// The islands' translate hook: the page language's dictionary chunk through the one translator (translate.ts).
import { useStore } from '@nanostores/react'
import { useDeferredValue } from 'react'
import { pageLang } from '../lib/page-lang.ts'
import { $dictionary } from '../lib/stores/dictionary.ts'
import { translator, type T } from './translate.ts'

export type { I18nFamily, I18nKey, T } from './translate.ts'

/**
 * The page language's texts, or null until its dictionary chunk has loaded. The chunk's arrival fills every
 * island on the page at once: deferred, React renders that in the background and yields to the browser as it
 * goes, instead of in one task (total blocking time; SourceCard defers its data the same way).
 */
export function useT(): T | null {
  const dictionary = useDeferredValue(useStore($dictionary))
  return dictionary ? translator(dictionary, pageLang()) : null
}
