import { describe, expect, it } from 'vitest'
import {
  keptPath,
  keptPlaces,
  liveCallFor,
  liveKey,
  pageKey,
  pathLocale,
  savedTime,
  weatherCallFor,
} from '../../../src/lib/offline/policy.ts'
import { reactionUrl } from '../../../src/lib/api/reaction.ts'
import { forecastUrl } from '../../../src/lib/weather/forecast.ts'
import { alertsUrl } from '../../../src/lib/weather/alerts.ts'

const duvall = { lat: 47.742, lon: -121.985, route: 'wa/duvall' }

describe('offline policy', () => {
  it('keeps place pages, never staff, sign-in, widget or offline pages', () => {
    expect(keptPath('/wa/duvall')).toBe(true)
    expect(keptPath('/es/wa/duvall/statuses')).toBe(true)
    expect(keptPath('/z/47.74/-121.99/statuses')).toBe(true)
    expect(keptPath('/settings')).toBe(true)
    for (const path of [
      '/editor',
      '/es/editor',
      '/login',
      '/reset/abc',
      '/auth/github',
      '/embed/statuses',
      '/offline',
      '/offline.html',
    ])
      expect(keptPath(path), path).toBe(false)
  })

  it('keys a live call by place, not by its timestamp', () => {
    const first = reactionUrl('https://api.example', duvall, 1)
    const later = reactionUrl('https://api.example', duvall, 2)
    expect(first).not.toBe(later)
    expect(liveKey(first)).toBe(liveKey(later))
    expect(liveKey(first)).toBe('https://api.example/api/reaction?lat=47.74&lon=-121.98&route=wa%2Fduvall')
  })

  it('finds the kept answers of a page point: live by route, weather by coordinates', () => {
    expect(liveCallFor(reactionUrl('https://api.example', duvall), duvall)).toBe(true)
    expect(liveCallFor(reactionUrl('https://api.example', { ...duvall, route: 'wa/carnation' }), duvall)).toBe(false)
    const point = { lat: 47.74, lon: -121.99, route: null }
    expect(liveCallFor(reactionUrl('https://api.example', point), point)).toBe(true)
    expect(liveCallFor('https://api.example/api/items?lat=47.74&lon=-121.99', point)).toBe(false)
    expect(weatherCallFor(forecastUrl(duvall), duvall)).toBe(true)
    expect(weatherCallFor(alertsUrl(duvall), duvall)).toBe(true)
    expect(weatherCallFor(forecastUrl({ lat: 47.67, lon: -122.12 }), duvall)).toBe(false)
  })

  it('lists kept pages newest first, each once, without the site name', () => {
    const pages = keptPlaces([
      { url: 'https://p.example/wa/duvall', title: 'Duvall, WA weather | Porchlight', savedAt: 1 },
      { url: 'https://p.example/wa/duvall/statuses', title: 'Duvall, WA statuses | Porchlight', savedAt: 3 },
      { url: 'https://p.example/wa/duvall', title: 'Duvall, WA weather | Porchlight', savedAt: 1 },
      { url: 'https://p.example/wa/carnation', title: '', savedAt: 2 },
    ])
    expect(pages.map((page) => page.title)).toEqual(['Duvall, WA statuses', '/wa/carnation', 'Duvall, WA weather'])
  })

  it('reads the language from the address and says when an answer was saved', () => {
    expect(pathLocale('/ja/wa/duvall')).toBe('ja')
    expect(pathLocale('/wa/duvall')).toBe('en')
    expect(pathLocale('/xx/wa/duvall')).toBe('en')
    const at = Date.UTC(2026, 0, 1, 15, 42)
    expect(savedTime(at, 'en', 'America/Los_Angeles', at + 60_000)).toBe('7:42 AM')
    expect(savedTime(at, 'de', 'America/Los_Angeles', at + 60_000)).toBe('7:42')
    expect(savedTime(at, 'en', 'America/Los_Angeles', at + 2 * 86_400_000)).toBe('Jan 1, 7:42 AM')
  })
})

describe('pageKey', () => {
  it('keeps a page by its path: junk queries and fragments name the same page', () => {
    const keys = ['/wa/duvall', '/wa/duvall?utm=1', '/wa/duvall?x=2#top'].map((path) =>
      pageKey(`https://porchlight.example${path}`),
    )
    expect(new Set(keys)).toEqual(new Set(['https://porchlight.example/wa/duvall']))
    expect(pageKey('https://porchlight.example/es/wa/duvall/statuses?a=b')).toBe(
      'https://porchlight.example/es/wa/duvall/statuses',
    )
  })
})
