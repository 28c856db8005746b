import { describe, expect, it } from 'vitest'
import { chosenLocale, languageToOffer, linkLocale, offerKey, swapLocale } from '../../src/lib/routing/locale-path.ts'

describe('swapLocale', () => {
  it.each([
    ['/wa/duvall', 'en', 'ja', '/ja/wa/duvall'],
    ['/ja/wa/duvall/roads', 'ja', 'en', '/wa/duvall/roads'],
    ['/ja/wa/duvall', 'ja', 'es', '/es/wa/duvall'],
    ['/ja', 'ja', 'en', '/'],
    ['/ja/', 'ja', 'en', '/'],
    ['/', 'en', 'fr', '/fr'],
    // English /de/dover is Delaware: it keeps its /de when moving to another language.
    ['/de/dover', 'en', 'es', '/es/de/dover'],
    ['/de/de/dover', 'de', 'en', '/de/dover'],
    ['/settings', 'en', 'zh', '/zh/settings'],
    ['/es/settings', 'es', 'es', '/es/settings'],
  ] as const)('%s from %s to %s → %s', (path, from, to, expected) => expect(swapLocale(path, from, to)).toBe(expected))
})

describe('languageToOffer', () => {
  it('offers the saved language when it differs from the page', () => {
    expect(languageToOffer('ja', 'en', null)).toBe('en')
    expect(languageToOffer('en', 'es', null)).toBe('es')
  })
  it('offers nothing when they agree, the saved value is garbage, or that offer was dismissed', () => {
    expect(languageToOffer('ja', 'ja', null)).toBeNull()
    expect(languageToOffer('ja', '<script>', null)).toBeNull()
    expect(languageToOffer('ja', undefined, null)).toBeNull()
    expect(languageToOffer('ja', 'en', offerKey('ja', 'en'))).toBeNull()
    // A dismissal is for one pair only.
    expect(languageToOffer('es', 'en', offerKey('ja', 'en'))).toBe('en')
  })
})

describe('linkLocale', () => {
  it.each([
    ['en', 'es', '', 'en'],
    ['en', 'es', 'es', 'es'],
    ['es', 'en', 'en', 'en'],
    ['de', 'es', 'fr', 'de'],
    ['ja', '<script>', '<script>', 'ja'],
  ] as const)('page %s, saved %s, chosen %s → %s', (page, saved, chosen, expected) => {
    expect(linkLocale(page, saved, chosen)).toBe(expected)
  })
})

describe('chosenLocale', () => {
  it('is the saved language only once the visitor chose it', () => {
    expect(chosenLocale('es', 'es')).toBe('es')
    expect(chosenLocale('es', '')).toBeNull()
    expect(chosenLocale('es', 'fr')).toBeNull()
    expect(chosenLocale('<script>', '<script>')).toBeNull()
  })
})
