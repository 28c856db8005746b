import './storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { atom, computed } from 'nanostores'
import { isLocale, type Locale } from '../routing/routes.ts'
import {
  DEFAULT_SETTINGS,
  decodeSettings,
  effectiveTheme,
  type ColorTheme,
  type HomeLocation,
  type Settings,
  type Theme,
} from '../decode/stored-settings.ts'

/** Visitor settings, persisted as JSON under `porchlight:settings` and synced across tabs. */
export const $settings = persistentAtom<Settings>('porchlight:settings', DEFAULT_SETTINGS, {
  encode: JSON.stringify,
  decode: decodeSettings,
})

/** Whether the system prefers a dark scheme; the layout keeps it current in the browser. */
export const $systemDark = atom(true)

/** The theme on screen: dark or light, with 'auto' resolved. */
export const $theme = computed([$settings, $systemDark], (s, dark) => effectiveTheme(s.theme, dark))

/** Applies a change through the decoder, so no action can store an invalid value. */
export function updateSettings(patch: Partial<Omit<Settings, 'version'>>): void {
  $settings.set(decodeSettings(JSON.stringify({ ...$settings.get(), ...patch, version: 1 })))
}

export const setTheme = (theme: Theme): void => updateSettings({ theme })
/** Flips between dark and light, starting from what is on screen (also when the theme is auto). */
export const toggleTheme = (): void => updateSettings({ theme: $theme.get() === 'dark' ? 'light' : 'dark' })
export const setColorTheme = (colorTheme: ColorTheme): void => updateSettings({ colorTheme })
export const setTemperature = (temperature: Settings['temperature']): void => updateSettings({ temperature })
export const setWindSpeed = (windSpeed: Settings['windSpeed']): void => updateSettings({ windSpeed })
export const setDistance = (distance: Settings['distance']): void => updateSettings({ distance })
export const setPinnedFirst = (pinnedFirst: boolean): void => updateSettings({ pinnedFirst })
export const setTestLayer = (on: boolean): void => updateSettings({ testLayer: on ? 1 : 0 })
export const setUseCurrentLocation = (useCurrentLocation: boolean): void => updateSettings({ useCurrentLocation })
export const setHideEditorTab = (hideEditorTab: boolean): void => updateSettings({ hideEditorTab })
export const setHomeLocation = (homeLocation: HomeLocation | null): void => updateSettings({ homeLocation })
export const setNightMode = (nightMode: boolean): void => updateSettings({ nightMode })
/** Camera image size, 1 (smallest) to 5 (largest); the decoder keeps it in range. */
export const setImageSize = (imageSize: number): void => updateSettings({ imageSize })

/**
 * The language the visitor chose themselves ('' until they do): the settings hold the detected one too
 * (SPEC section 4), and only a choice makes the site's links change language (routing/locale-path.ts).
 */
export const $chosenLanguage = persistentAtom<string>('porchlight:language-chosen', '', {
  encode: (value: string) => value,
  decode: (value: string) => (isLocale(value) ? value : ''),
})

/** Saves the visitor's language; the i18next detector key follows so both agree (SPEC section 4). */
export function setLanguage(language: Locale): void {
  updateSettings({ language })
  $chosenLanguage.set(language)
  try {
    localStorage.setItem('i18nextLng', language)
  } catch {
    // Storage can be unavailable (private mode, quota); the setting still applies to this page.
  }
}

/** Restores every setting to its default. */
export function resetSettings(): void {
  $settings.set(DEFAULT_SETTINGS)
}
