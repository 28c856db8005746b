import { isObject } from '../is-object.ts'
import { LOCALES, isLocale, type Locale } from '../routing/routes.ts'

export const THEMES = ['dark', 'light', 'auto'] as const
export const COLOR_THEMES = ['blue-purple', 'ocean', 'sunset', 'forest', 'rose', 'slate', 'slate-contrast'] as const
export type Theme = (typeof THEMES)[number]
export type ColorTheme = (typeof COLOR_THEMES)[number]
export type HomeLocation = { lat: number; lon: number; route: string | null; name: string }

/** Visitor settings (SPEC section 3), version 1. */
export type Settings = {
  version: 1
  theme: Theme
  colorTheme: ColorTheme
  nightMode: boolean
  imageSize: number
  temperature: 'F' | 'C'
  windSpeed: 'mph' | 'kmh'
  distance: 'miles' | 'km'
  language: Locale
  pinnedFirst: boolean
  useCurrentLocation: boolean
  useRecentLocation: boolean
  hideEditorTab: boolean
  testLayer: number
  homeLocation: HomeLocation | null
}

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  theme: 'dark',
  colorTheme: 'blue-purple',
  nightMode: false,
  imageSize: 3,
  temperature: 'F',
  windSpeed: 'mph',
  distance: 'miles',
  language: 'en',
  pinnedFirst: true,
  useCurrentLocation: false,
  useRecentLocation: true,
  hideEditorTab: false,
  testLayer: 0,
  homeLocation: null,
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : fallback
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback)
const int = (value: unknown, fallback: number, min: number, max: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback

function decodeHome(value: unknown): HomeLocation | null {
  if (!isObject(value)) return null
  const { lat, lon, route, name } = value
  if (typeof lat !== 'number' || typeof lon !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  return {
    lat,
    lon,
    route: typeof route === 'string' && /^[a-z]{2}\/[a-z-]+$/.test(route) ? route : null,
    name: typeof name === 'string' ? name.slice(0, 100) : '',
  }
}

/**
 * Decodes stored settings (untrusted): each bad field falls back to its default, nothing throws.
 * Migrates settings saved before version 1: units follow the temperature unit (C: km/h and km; F: mph and miles).
 * @example decodeSettings('{"temperature":"C"}').windSpeed // 'kmh'
 */
export function decodeSettings(raw: string | undefined | null): Settings {
  let input: unknown
  try {
    input = raw ? JSON.parse(raw) : {}
  } catch {
    input = {}
  }
  const s = isObject(input) ? input : {}
  const d = DEFAULT_SETTINGS
  const temperature = oneOf(['F', 'C'] as const, s['temperature'], d.temperature)
  // Settings saved before version 1 get units that follow their temperature unit.
  const legacy = s['version'] !== 1 && 'temperature' in s
  return {
    version: 1,
    theme: oneOf(THEMES, s['theme'], d.theme),
    colorTheme: oneOf(COLOR_THEMES, s['colorTheme'], d.colorTheme),
    nightMode: bool(s['nightMode'], d.nightMode),
    imageSize: int(s['imageSize'], d.imageSize, 1, 5),
    temperature,
    windSpeed: legacy ? (temperature === 'C' ? 'kmh' : 'mph') : oneOf(['mph', 'kmh'] as const, s['windSpeed'], d.windSpeed),
    distance: legacy ? (temperature === 'C' ? 'km' : 'miles') : oneOf(['miles', 'km'] as const, s['distance'], d.distance),
    language: isLocale(s['language']) ? s['language'] : d.language,
    pinnedFirst: bool(s['pinnedFirst'], d.pinnedFirst),
    useCurrentLocation: bool(s['useCurrentLocation'], d.useCurrentLocation),
    useRecentLocation: bool(s['useRecentLocation'], d.useRecentLocation),
    hideEditorTab: bool(s['hideEditorTab'], d.hideEditorTab),
    testLayer: int(s['testLayer'], d.testLayer, 0, 99),
    homeLocation: decodeHome(s['homeLocation']),
  }
}

/** Base language of a detected value such as 'de-AT'; null when unsupported or suspicious. */
export function baseLanguage(value: unknown): Locale | null {
  if (typeof value !== 'string' || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(value)) return null
  const base = value.slice(0, 2).toLowerCase()
  return (LOCALES as readonly string[]).includes(base) && isLocale(base) ? base : null
}

/**
 * The theme to show: 'auto' follows the system preference.
 * @example effectiveTheme('auto', true) // 'dark'
 */
export function effectiveTheme(theme: Theme, systemDark: boolean): 'dark' | 'light' {
  if (theme === 'auto') return systemDark ? 'dark' : 'light'
  return theme
}

/** i18n key of a colour theme's name. */
export const COLOR_THEME_KEYS = {
  'blue-purple': 'color.bluePurple',
  ocean: 'color.ocean',
  sunset: 'color.sunset',
  forest: 'color.forest',
  rose: 'color.rose',
  slate: 'color.slate',
  'slate-contrast': 'color.slateContrast',
} as const satisfies Record<ColorTheme, string>
