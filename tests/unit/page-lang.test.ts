import { afterEach, describe, expect, it, vi } from 'vitest'
import { isObject } from '../../src/lib/is-object.ts'
import { pageLang } from '../../src/lib/page-lang.ts'

describe('pageLang', () => {
  afterEach(() => vi.unstubAllGlobals())
  it('reads <html lang> at the time of the call', () => {
    const html = { lang: 'ja' }
    vi.stubGlobal('document', { documentElement: html })
    expect(pageLang()).toBe('ja')
    html.lang = 'de'
    expect(pageLang()).toBe('de')
  })
  it.each(['', 'xx', 'en-US', '<script>'])('falls back to English for %j', (lang) => {
    vi.stubGlobal('document', { documentElement: { lang } })
    expect(pageLang()).toBe('en')
  })
  it('is English outside a page', () => expect(pageLang()).toBe('en'))
})

describe('isObject', () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [[], false],
    [null, false],
    ['{}', false],
    [3, false],
    [undefined, false],
  ])('%j: %s', (value, expected) => expect(isObject(value)).toBe(expected))
})
