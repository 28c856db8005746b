// The inline head script (src/components/head-script.js) run in a bare context: the language offer's slot is marked
// before first paint, and the installed app's start (?source=pwa, public/manifest.webmanifest) is hidden until it has
// moved to the last place (client/app-start.ts; tests/e2e/layout.spec.ts follows it).
import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { HEAD_SCRIPT } from '../../src/components/head-script.ts'

type Run = { attributes: Record<string, string> }

function run(options: {
  lang?: string
  path?: string
  search?: string
  store?: Record<string, string>
  languages?: string[]
}): Run {
  const attributes: Record<string, string> = {}
  const store: Record<string, string> = { ...options.store }
  const result: Run = { attributes }
  const root = {
    lang: options.lang ?? 'en',
    setAttribute: (name: string, value: string) => (attributes[name] = value),
    hasAttribute: (name: string) => name in attributes,
  }
  runInNewContext(HEAD_SCRIPT, {
    document: { documentElement: root },
    window: {
      localStorage: {
        getItem: (key: string) => store[key] ?? null,
        setItem: (key: string, value: string) => (store[key] = value),
      },
      Intl,
    },
    navigator: { languages: options.languages ?? ['en-US'], userAgent: 'Mozilla/5.0' },
    location: {
      pathname: '/wa/duvall',
      search: options.search ?? '',
    },
    matchMedia: () => ({ matches: false }),
    setTimeout: () => 0,
    Intl,
    JSON,
  })
  return result
}

describe('the head script', () => {
  it('marks the page for the language offer before first paint, unless dismissed or the same language', () => {
    expect(run({ lang: 'es', languages: ['en-US'] }).attributes['data-offer']).toBe('')
    expect(run({ lang: 'en', languages: ['en-US'] }).attributes['data-offer']).toBeUndefined()
    expect(
      run({ lang: 'es', languages: ['en-US'], store: { 'porchlight:dismissedLanguageOffer': 'es>en' } }).attributes['data-offer'],
    ).toBeUndefined()
    // A browser in a language the site does not have: nothing to offer.
    expect(run({ lang: 'es', languages: ['ko-KR'] }).attributes['data-offer']).toBeUndefined()
  })

  it('hides the page at the start of the installed app, until client/app-start.ts has opened the last place', () => {
    expect(run({ search: '?source=pwa' }).attributes['data-resolving']).toBe('')
    expect(run({}).attributes['data-resolving']).toBeUndefined()
  })
})

describe('the web app manifest', () => {
  const manifest = JSON.parse(readFileSync('public/manifest.webmanifest', 'utf8')) as {
    start_url: string
    scope: string
    shortcuts: { name: string; url: string }[]
    screenshots: { src: string; sizes: string; form_factor: string }[]
  }

  it('starts at the last place (the head script moves ?source=pwa), with shortcuts and screenshots', () => {
    expect(manifest.start_url).toBe('/wa/duvall?source=pwa')
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Statuses', 'Roads', 'Settings'])
    for (const shortcut of manifest.shortcuts) expect(shortcut.url.startsWith(manifest.scope), shortcut.url).toBe(true)
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide'])
    for (const shot of manifest.screenshots) {
      const png = readFileSync(`public${shot.src}`)
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)]
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes)
      expect(png.length, `${shot.src} stays small`).toBeLessThan(80_000)
    }
  })
})
