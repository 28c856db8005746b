import { describe, expect, it } from 'vitest'
import en from '../../../src/i18n/en.json'
import de from '../../../src/i18n/de.json'
import { loadDictionary, loadOfferTexts } from '../../../src/i18n/lazy.ts'
import { LOCALES } from '../../../src/lib/routing/routes.ts'
import { dictionaryPart, pickPart, DICTIONARY_PARTS, OFFER_KEYS } from '../../../src/i18n/parts.ts'

describe('dictionaryPart', () => {
  it.each([
    ['nav.weather', 'visitor'],
    ['error.loadData', 'visitor'],
    ['business.restaurant', 'visitor'],
    ['assistant.title', 'assistant'],
    ['editor.save', 'staff'],
    ['edit.edit', 'staff'],
    ['users.add', 'staff'],
    ['login.email', 'staff'],
    ['msg.network', 'staff'],
    ['feeds.anything', 'staff'],
    ['feedState.ok', 'staff'],
    ['staff.anything', 'staff'],
    ['editorial', 'visitor'],
  ])('puts %s in %s', (key, part) => expect(dictionaryPart(key)).toBe(part))
})

describe('dictionary parts', () => {
  it('split each key into exactly one part', () => {
    const parts = DICTIONARY_PARTS.map((part) => pickPart(en, part))
    expect(parts.reduce((sum, part) => sum + Object.keys(part).length, 0)).toBe(Object.keys(en).length)
    expect(Object.assign({}, ...parts)).toEqual(en)
  })

  it('loads only what visitors see by default', async () => {
    const texts = await loadDictionary('en')
    expect(texts['nav.weather']).toBe(en['nav.weather'])
    expect(Object.keys(texts).some((key) => dictionaryPart(key) !== 'visitor')).toBe(false)
    expect(Object.keys(texts).length).toBe(Object.keys(pickPart(en, 'visitor')).length)
  })

  it('merges the parts asked for', async () => {
    const texts = await loadDictionary('de', ['visitor', 'staff'])
    expect(Object.keys(texts).some((key) => key.startsWith('editor.'))).toBe(true)
    expect(Object.keys(texts).some((key) => key.startsWith('assistant.'))).toBe(false)
    expect(texts['nav.weather']).toBeTruthy()
  })

  it('ships the language offer’s texts alone, in every language, and in the visitor part too', async () => {
    expect(await loadOfferTexts('de')).toEqual({
      'language.viewInThis': de['language.viewInThis'],
      'geo.dismiss': de['geo.dismiss'],
    })
    for (const locale of LOCALES) {
      const texts = await loadOfferTexts(locale)
      const visitor = await loadDictionary(locale)
      for (const key of OFFER_KEYS) {
        expect(texts[key], `${locale} ${key}`).toBeTruthy()
        expect(visitor[key]).toBe(texts[key])
      }
    }
  })
})
