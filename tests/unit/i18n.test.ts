import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dictionaries, useTranslations } from '../../src/i18n/index.ts'
import { LOCALES, SECTIONS } from '../../src/lib/routing/routes.ts'

const en = dictionaries.en
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '')
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort()

describe.each(LOCALES.filter((l) => l !== 'en'))('%s', (locale) => {
  const dict = dictionaries[locale]
  it('has every English key and no other', () => {
    expect([...new Set(Object.keys(dict).map(base))].sort()).toEqual([...new Set(Object.keys(en).map(base))].sort())
  })
  it('keeps every placeholder', () => {
    for (const [key, text] of Object.entries(dict))
      expect([key, placeholders(text)]).toEqual([key, placeholders(en[key] ?? en[`${base(key)}_other`] ?? '')])
  })
  it('has the plural forms its language needs', () => {
    const rules = new Intl.PluralRules(locale)
    for (const category of rules.resolvedOptions().pluralCategories)
      if (category === 'one' || category === 'other') expect(dict).toHaveProperty([`search.count_${category}`])
  })
})

describe('keys in the code', () => {
  const files: string[] = []
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(astro|tsx?)$/.test(name)) files.push(readFileSync(path, 'utf8'))
    }
  }
  walk('src')
  const code = files.join('\n')
  const dynamic = new Set([...code.matchAll(/`(\w+)\.\$\{/g)].map((m) => m[1]))
  it('uses every key', () => {
    const unused = Object.keys(en)
      .map(base)
      .filter((key) => {
        const [family = '', name = ''] = key.split('.')
        // t(`wmo.${kind}`): the suffix must be one of the values the code spells out (a union member).
        if (dynamic.has(family) && ((SECTIONS as readonly string[]).includes(name) || code.includes(`'${name}'`))) return false
        return !code.includes(`'${key}'`) && !code.includes(`"${key}"`)
      })
    expect(unused).toEqual([])
  })
})

describe('useTranslations', () => {
  it('interpolates and pluralizes', () => {
    expect(useTranslations('en')('search.count', { count: 1 })).toBe('1 city found')
    expect(useTranslations('en')('search.count', { count: 3 })).toBe('3 cities found')
    expect(useTranslations('es')('title.cameras', { place: 'Duvall, WA' })).toContain('Duvall, WA')
  })
})
