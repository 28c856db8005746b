import { atom, onMount } from 'nanostores'
import { loadDictionary } from '../../i18n/lazy.ts'
import type { DictionaryPart } from '../../i18n/parts.ts'
import { pageLang } from '../page-lang.ts'
import { $authToken } from './session.ts'

/**
 * The page language's texts for islands with many labels (weather, live, staff): one cached chunk
 * per language and part, loaded once, instead of labels repeated in the HTML of ~750,000 pages.
 * Holds what visitors see, plus the assistant's or the staff texts once something asked for them.
 */
export const $dictionary = atom<Record<string, string> | null>(null)

const parts = new Set<DictionaryPart>(['visitor'])
let wanted = 0

function load(): void {
  const request = ++wanted
  void loadDictionary(pageLang(), [...parts]).then((texts) => {
    // Only the latest request sets the texts, so a slower, smaller one cannot drop a part.
    if (request === wanted) $dictionary.set(texts)
  })
}

/**
 * Adds a part of the dictionary to `$dictionary` (loaded now if the store is in use, else with it):
 * 'staff' where staff UI runs, 'assistant' with the assistant.
 * @example includeTexts('staff') // in islands/hydrate.ts before a staff island hydrates
 */
export function includeTexts(part: DictionaryPart): void {
  if (parts.has(part)) return
  parts.add(part)
  if ($dictionary.lc > 0) load()
}

onMount($dictionary, () => {
  // A signed-in staff member sees edit buttons and the edit dialog on any page.
  const stop = $authToken.subscribe((token) => token && includeTexts('staff'))
  load()
  return stop
})
