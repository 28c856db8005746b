import { persistentAtom } from '@nanostores/persistent'
import { computed } from 'nanostores'
import type { Locale } from '../routes.ts'
import { DEFAULT_SETTINGS, decodeSettings, type Settings } from '../state/settings.ts'

/** Visitor settings, persisted as JSON under `porchlight:settings` and synced across tabs. */
export const $settings = persistentAtom<Settings>('porchlight:settings', DEFAULT_SETTINGS, {
  encode: JSON.stringify,
  decode: decodeSettings,
  listen: true,
})

export const $language = computed($settings, (s) => s.language)

/** Saves the visitor's language; the i18next detector key follows so both agree (SPEC section 4). */
export function setLanguage(language: Locale): void {
  $settings.set({ ...$settings.get(), language })
  try {
    localStorage.setItem('i18nextLng', language)
  } catch {
    // Storage can be unavailable (private mode, quota); the setting still applies to this page.
  }
}
