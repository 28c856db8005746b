// The one translator of the browser (src/i18n/translate.ts): typed keys, {{placeholders}}, plural forms,
// the same texts as the build's i18next for every language.
import { atom } from 'nanostores'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import { dictionaries, useTranslations } from '../../../src/i18n/index.ts'
import { loadT } from '../../../src/i18n/lazy.ts'
import { pluralForm, translator, type PluralKey, type T } from '../../../src/i18n/translate.ts'
import { LOCALES } from '../../../src/lib/routing/routes.ts'

const en = translator(dictionaries.en, 'en')

describe('translator', () => {
  it('translates a key and fills its placeholders', () => {
    expect(en('nav.weather')).toBe('Weather')
    expect(en('pin.pinned', { place: 'Duvall, WA' })).toBe(dictionaries.en['pin.pinned']!.replace('{{place}}', 'Duvall, WA'))
    expect(translator(dictionaries.es, 'es')('nav.weather')).toBe(dictionaries.es['nav.weather'])
  })

  it('fills numbers and leaves unknown placeholders and keys as they are', () => {
    const t = translator({ 'banner.more': '(+{{count}} more)', 'pin.pinned': '{{place}} pinned' }, 'en')
    expect(t('banner.more', { count: 3 })).toBe('(+3 more)')
    expect(t('banner.more', { count: '3' })).toBe('(+3 more)')
    expect(t('pin.pinned')).toBe('{{place}} pinned')
    expect(t('nav.weather')).toBe('nav.weather')
  })

  it('does not run placeholders a value brings in (untrusted text)', () => {
    const t = translator({ 'pin.pinned': '{{place}} pinned' }, 'en')
    expect(t('pin.pinned', { place: '{{place}} <img src=x onerror=alert(1)>' })).toBe(
      '{{place}} <img src=x onerror=alert(1)> pinned',
    )
  })

  it('picks the plural form of the count in the language', () => {
    expect(en('search.count', { count: 1 })).toBe('1 city found')
    expect(en('search.count', { count: 0 })).toBe('0 cities found')
    expect(en('search.count', { count: 21 })).toBe('21 cities found')
    expect(translator({ 'search.count_other': '{{count}} 件' }, 'ja')('search.count', { count: 1 })).toBe('1 件')
    expect(pluralForm('fr', 0)).toBe('one')
    expect(pluralForm('en', 0)).toBe('other')
  })

  it('gives the texts the build gives (i18next), in every language', () => {
    for (const locale of LOCALES) {
      const t = translator(dictionaries[locale], locale)
      const build = useTranslations(locale)
      for (const count of [0, 1, 2, 5, 21])
        expect([locale, count, t('search.count', { count })]).toEqual([locale, count, build('search.count', { count })])
      expect(t('title.cameras', { place: 'Duvall, WA' })).toBe(build('title.cameras', { place: 'Duvall, WA' }))
      expect(t('banner.more', { count: '4' })).toBe(build('banner.more', { count: '4' }))
    }
  })

  it('is the same function for the same texts and language', () => {
    expect(translator(dictionaries.en, 'en')).toBe(en)
    expect(translator(dictionaries.en, 'fr')).not.toBe(en)
  })

  it('loads a language for page scripts (loadT)', async () => {
    const t = await loadT('de')
    expect(t('nav.weather')).toBe(dictionaries.de['nav.weather'])
    expect((await loadT('de', ['visitor', 'staff']))('editor.items')).toBe(dictionaries.de['editor.items'])
    expect(t('editor.items')).toBe('editor.items')
  })
})

describe('$t, the page scripts’ translator', () => {
  it('follows the dictionary store: null until it loads, then its texts', async () => {
    vi.resetModules()
    const $dictionary = atom<Record<string, string> | null>(null)
    vi.doMock('../../../src/lib/stores/dictionary.ts', () => ({ $dictionary }))
    const { $t } = await import('../../../src/i18n/page-t.ts')
    const seen: (string | null)[] = []
    const stop = $t.subscribe((t) => seen.push(t ? t('banner.details') : null))
    $dictionary.set({ 'banner.details': 'Details' })
    stop()
    expect(seen).toEqual([null, 'Details'])
    vi.doUnmock('../../../src/lib/stores/dictionary.ts')
  })
})

describe('types', () => {
  it('checks keys, plural counts and values', () => {
    const t: T = en
    expectTypeOf<PluralKey>().toEqualTypeOf<'search.count' | 'notify.burst' | 'notify.placesCount'>()
    // Type-only checks: the type check (npm run test:types) fails if any of these compiles.
    const wrong = () => {
      // @ts-expect-error a key that is not in en.json
      t('nav.wether')
      // @ts-expect-error a plural key needs its count
      t('search.count')
      // @ts-expect-error a plural count is a number
      t('search.count', { count: '2' })
      // @ts-expect-error values are strings or numbers
      t('pin.pinned', { place: null })
    }
    expect(typeof wrong).toBe('function')
    expect(t('notify.burst', { count: 2, place: 'Duvall' })).toBe('2 new alerts for Duvall')
  })
})
