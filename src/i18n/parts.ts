/**
 * Which part of a language's dictionary a key ships in, by the key's prefix (the text before the
 * first dot). The browser loads `visitor` on every page that shows translated texts, `assistant` with
 * the assistant's first opening, `staff` only where staff UI runs (staff islands, a signed-in
 * session). A new key with a staff prefix lands in the staff part with no other change.
 */
export type DictionaryPart = 'visitor' | 'assistant' | 'staff' | 'later'

export const DICTIONARY_PARTS: readonly DictionaryPart[] = ['visitor', 'assistant', 'staff', 'later']

/** Prefixes of texts only staff see: the editor, its dialog, user admin, sign-in, reset, server messages, feeds and their health. */
export const STAFF_PREFIXES: readonly string[] = [
  'edit',
  'editor',
  'editLock',
  'editTab',
  'users',
  'login',
  'reset',
  'msg',
  'staff',
  'feeds',
  'feedState',
  'feedLeftOut',
]
/** Prefixes of the assistant's texts, which load with the assistant. */
export const ASSISTANT_PREFIXES: readonly string[] = ['assistant']

/**
 * Texts no page shows before a click: the notification dialog's (it loads them when it opens, src/islands/notify/
 * mount.tsx), the alert emails' and the widget's (the server's and the build's, which read whole dictionaries).
 * About 0.9 KB gzip that every page's visitor part no longer carries.
 */
export const LATER_PREFIXES: readonly string[] = ['notify', 'notifyEmail', 'embed', 'settings', 'telemetry']
/**
 * Settings' texts (and its usage-data block's, 'telemetry') come with its page as the island's labels
 * (src/components/AppPage.astro, SETTINGS_KEYS), so the browser's dictionary needs only the two the search box
 * shows (src/islands/CitySearch.tsx): about 0.6 KB gzip off every page's visitor part (issue 38's budget).
 */
export const SEARCH_SETTINGS_KEYS: readonly string[] = ['settings.pinned', 'settings.recent']
/** The notification texts that Settings shows on load (src/islands/notify/NotifySettings.tsx): they stay visitor texts. */
export const NOTIFY_SETTINGS_KEYS: readonly string[] = [
  'notify.settingsTitle',
  'notify.none',
  'notify.summary',
  'notify.quiet',
  'notify.change',
  'notify.stop',
  'notify.stopped',
  'notify.failed',
]

/**
 * The language offer's texts (src/lib/client/language-offer.ts), which it shows in the language it
 * offers. They also ship alone per language (`?part=offer`, 0.1 KB), so a page that offers English
 * does not load English's whole visitor part (5.4 KB gzip); they stay in the visitor part too.
 */
export const OFFER_KEYS = ['language.viewInThis', 'geo.dismiss'] as const

/**
 * The offer's texts of one dictionary.
 * @example pickOffer(en) // { 'language.viewInThis': 'View in English', 'geo.dismiss': 'Dismiss' }
 */
export function pickOffer(dictionary: Record<string, string>): Record<string, string> {
  return Object.fromEntries(OFFER_KEYS.map((key) => [key, dictionary[key] ?? '']))
}

/**
 * The part a dictionary key belongs to.
 * @example dictionaryPart('editor.save') // 'staff'
 * @example dictionaryPart('weather.now') // 'visitor'
 */
export function dictionaryPart(key: string): DictionaryPart {
  const prefix = key.split('.')[0] ?? ''
  if (STAFF_PREFIXES.includes(prefix)) return 'staff'
  if (ASSISTANT_PREFIXES.includes(prefix)) return 'assistant'
  if (LATER_PREFIXES.includes(prefix) && !NOTIFY_SETTINGS_KEYS.includes(key) && !SEARCH_SETTINGS_KEYS.includes(key))
    return 'later'
  return 'visitor'
}

/**
 * The keys of one part of a dictionary, in their order.
 * @example pickPart({ 'nav.weather': 'Weather', 'editor.save': 'Save' }, 'visitor') // { 'nav.weather': 'Weather' }
 */
export function pickPart(dictionary: Record<string, string>, part: DictionaryPart): Record<string, string> {
  return Object.fromEntries(Object.entries(dictionary).filter(([key]) => dictionaryPart(key) === part))
}
