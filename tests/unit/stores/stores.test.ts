import { cleanTestStorage, getTestStorage, setTestStorageKey } from '@nanostores/persistent'
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Location } from '../../../src/lib/decode/location.ts'
import { DEFAULT_SETTINGS } from '../../../src/lib/decode/stored-settings.ts'
import {
  $currentLocation,
  $editorAuth,
  $pinnedIds,
  $pinnedLocations,
  $recentLocations,
  $selectedLocation,
  $settings,
  $systemDark,
  $theme,
  pinLocation,
  removeRecentLocation,
  resetAll,
  setSessionToken,
  selectLocation,
  setColorTheme,
  setCurrentLocation,
  setDeviceLocation,
  setDistance,
  setHideEditorTab,
  setHomeLocation,
  setLanguage,
  setPinnedFirst,
  setUseCurrentLocation,
  setWindSpeed,
  visitLocation,
  setTemperature,
  setTestLayer,
  setTheme,
  togglePin,
  toggleTheme,
  unpinLocation,
  updateSettings,
} from '../../../src/lib/stores/index.ts'

const place = (lat: number, lon: number, city = 'X'): Location => ({
  method: 'selected',
  lat,
  lon,
  route: null,
  city,
  state: 'WA',
  zip: null,
})
const stores = [
  $settings,
  $selectedLocation,
  $currentLocation,
  $recentLocations,
  $pinnedLocations,
  $pinnedIds,
  $editorAuth,
  $theme,
]

beforeEach(() => {
  for (const store of stores) keepMount(store)
})
afterEach(() => {
  resetAll()
  cleanTestStorage()
  cleanStores(...stores)
})

describe('settings store', () => {
  it('persists changes as version 1 JSON', () => {
    setTemperature('C')
    expect(JSON.parse(getTestStorage()['porchlight:settings'] ?? '{}')).toMatchObject({
      version: 1,
      temperature: 'C',
      windSpeed: 'mph',
    })
  })
  it('rejects invalid values through the decoder', () => {
    updateSettings({ theme: 'neon' as never, imageSize: 99 })
    expect($settings.get()).toMatchObject({ theme: 'dark', imageSize: 3 })
  })
  it('decodes a value written by another tab, and survives garbage from it', () => {
    setTestStorageKey('porchlight:settings', JSON.stringify({ version: 1, language: 'fr', theme: 'light' }))
    expect($settings.get()).toMatchObject({ language: 'fr', theme: 'light' })
    setTestStorageKey('porchlight:settings', '{broken')
    expect($settings.get()).toEqual(DEFAULT_SETTINGS)
  })
  it('toggles between dark and light from what is on screen', () => {
    toggleTheme()
    expect($settings.get().theme).toBe('light')
    setTheme('auto')
    $systemDark.set(false)
    expect($theme.get()).toBe('light')
    toggleTheme()
    expect($settings.get().theme).toBe('dark')
  })
  it('saves the language for the i18next detector too', () => {
    setLanguage('de')
    expect($settings.get().language).toBe('de')
  })
  it('turns the test layer on and off', () => {
    setTestLayer(true)
    expect($settings.get().testLayer).toBe(1)
    setTestLayer(false)
    expect($settings.get().testLayer).toBe(0)
  })
})

describe('location stores', () => {
  it('selecting stores the place and adds it to recent ones', () => {
    selectLocation(place(1, 1, 'A'))
    selectLocation(place(2, 2, 'B'))
    selectLocation(place(1, 1, 'A'))
    expect($selectedLocation.get()?.city).toBe('A')
    expect($recentLocations.get().map((r) => r.city)).toEqual(['A', 'B'])
    expect(JSON.parse(getTestStorage()['porchlight:recentLocations'] ?? '[]')).toHaveLength(2)
  })
  it('removes a recent place by its point', () => {
    selectLocation(place(1, 1))
    selectLocation(place(2, 2))
    removeRecentLocation(1, 1)
    expect($recentLocations.get().map((r) => r.lat)).toEqual([2])
  })
  it('ignores pinning the same point twice and unpins by point', () => {
    pinLocation(place(1, 1))
    pinLocation(place(1, 1))
    pinLocation(place(3, 3))
    expect($pinnedLocations.get()).toHaveLength(2)
    unpinLocation(1, 1)
    expect($pinnedLocations.get().map((p) => p.lat)).toEqual([3])
  })
  it('toggles pinned ids', () => {
    togglePin('42')
    togglePin('7')
    togglePin('42')
    expect($pinnedIds.get()).toEqual(['7'])
  })
  it('keeps the device location apart from the chosen one', () => {
    setCurrentLocation({ ...place(47.74, -121.99), method: 'geolocation' })
    expect($currentLocation.get()?.method).toBe('geolocation')
    expect($selectedLocation.get()).toBeNull()
    setDeviceLocation(47.75, -121.98)
    expect($currentLocation.get()).toMatchObject({ method: 'geolocation', lat: 47.75, lon: -121.98, route: null })
    expect($recentLocations.get()[0]).toMatchObject({ lat: 47.75, lon: -121.98 })
  })
  it('drops bad entries written by another tab and keeps the good ones', () => {
    setTestStorageKey('porchlight:pinnedLocations', JSON.stringify([place(1, 1), { lat: 'x' }, 5]))
    expect($pinnedLocations.get()).toHaveLength(1)
    setTestStorageKey('porchlight:selectedLocation', 'not json')
    expect($selectedLocation.get()).toBeNull()
    setTestStorageKey('porchlight:editorAuth', JSON.stringify({ role: 'god' }))
    expect($editorAuth.get()).toBeNull()
  })
  it('reset restores every default', () => {
    setTemperature('C')
    selectLocation(place(1, 1))
    pinLocation(place(1, 1))
    togglePin('x')
    resetAll()
    expect($settings.get()).toEqual(DEFAULT_SETTINGS)
    expect([$selectedLocation.get(), $recentLocations.get(), $pinnedLocations.get(), $pinnedIds.get()]).toEqual([
      null,
      [],
      [],
      [],
    ])
  })
})

describe('simple setters', () => {
  it.each([
    [() => setColorTheme('rose'), { colorTheme: 'rose' }],
    [() => setWindSpeed('kmh'), { windSpeed: 'kmh' }],
    [() => setDistance('km'), { distance: 'km' }],
    [() => setPinnedFirst(false), { pinnedFirst: false }],
    [() => setUseCurrentLocation(true), { useCurrentLocation: true }],
    [() => setHideEditorTab(true), { hideEditorTab: true }],
    [
      () => setHomeLocation({ lat: 1, lon: 2, route: 'wa/duvall', name: 'Duvall, WA' }),
      { homeLocation: { lat: 1, lon: 2, route: 'wa/duvall', name: 'Duvall, WA' } },
    ],
  ] as const)('%#', (act, expected) => {
    act()
    expect($settings.get()).toMatchObject(expected)
    expect(JSON.parse(getTestStorage()['porchlight:settings'] ?? '{}')).toMatchObject(expected)
  })
  it('records visits and staff sign-in state', () => {
    visitLocation(place(5, 5, 'V'))
    expect($recentLocations.get()[0]?.city).toBe('V')
    expect($selectedLocation.get()).toBeNull()
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const exp = Math.floor(Date.now() / 1000) + 3600
    setSessionToken(`${b64({ alg: 'HS256' })}.${b64({ EntityType: 3, email: 's@example.com', name: 'S', exp })}.sig`)
    expect(JSON.parse(getTestStorage()['porchlight:editorAuth'] ?? 'null')).toEqual({
      role: 'superadmin',
      email: 's@example.com',
      name: 'S',
    })
    setSessionToken(null)
    expect(JSON.parse(getTestStorage()['porchlight:editorAuth'] ?? '{}')).toBeNull()
    expect($editorAuth.get()).toBeNull()
  })
})
