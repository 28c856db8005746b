import type { Locale } from '../lib/routing/routes.ts'

/** Native names of the languages, shown in the language menus (the same in every language). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  zh: '中文',
}
