import { atom, onMount } from 'nanostores'
import { loadDictionary } from '../../i18n/lazy.ts'
import { isLocale } from '../routes.ts'

/**
 * The page language's texts for islands with many labels (weather): one cached chunk per
 * language, loaded once, instead of labels repeated in the HTML of ~125,000 weather pages.
 */
export const $dictionary = atom<Record<string, string> | null>(null)

onMount($dictionary, () => {
  const lang = document.documentElement.lang
  void loadDictionary(isLocale(lang) ? lang : 'en').then((dictionary) => $dictionary.set(dictionary))
})
