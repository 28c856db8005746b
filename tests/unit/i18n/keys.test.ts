// Every dictionary key the code names exists in en.json: literal keys, both sides of a ternary, and
// the template-literal families (`pollen.${level}`), whose prefix must have keys. TypeScript checks
// the same through I18nKey; this also covers keys TypeScript cannot see (casts, .astro templates).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import en from '../../../src/i18n/en.json'

const KEYS = new Set(Object.keys(en))

/** A key as the code names it: itself, or its plural forms (search.count → search.count_one, search.count_other). */
const known = (key: string): boolean => KEYS.has(key) || (KEYS.has(`${key}_one`) && KEYS.has(`${key}_other`))

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|astro)$/.test(name) ? [path] : []
  })
}

type Use = { key: string; at: string }

/** The keys and families a source names in its t(…) calls. */
function keysIn(text: string, file: string): { keys: Use[]; families: Use[] } {
  const at = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`
  const keys: Use[] = []
  const families: Use[] = []
  for (const match of text.matchAll(/\bt\(\s*(['"])([\w.-]+)\1/g)) keys.push({ key: match[2]!, at: at(match.index) })
  // t(saving ? 'edit.saving' : 'edit.save')
  for (const match of text.matchAll(/\bt\(\s*[^'"`()?]+\?\s*(['"])([\w.-]+)\1\s*:\s*(['"])([\w.-]+)\3/g)) {
    keys.push({ key: match[2]!, at: at(match.index) }, { key: match[4]!, at: at(match.index) })
  }
  for (const match of text.matchAll(/\bt\(\s*`([\w.-]*)\$\{/g)) families.push({ key: match[1]!, at: at(match.index) })
  return { keys, families }
}

const uses = sources('src').map((file) => keysIn(readFileSync(file, 'utf8'), file))

describe('dictionary keys used in code', () => {
  it('finds the uses (the scan still matches how the code calls t)', () => {
    expect(uses.flatMap((use) => use.keys).length).toBeGreaterThan(300)
    expect(uses.flatMap((use) => use.families).length).toBeGreaterThan(20)
  })
  it('are all in en.json', () => {
    const missing = uses.flatMap((use) => use.keys).filter(({ key }) => !known(key))
    expect(missing.map(({ key, at }) => `${key} (${at})`)).toEqual([])
  })
  it('name template-literal families that have keys in en.json', () => {
    const empty = uses
      .flatMap((use) => use.families)
      .filter(({ key }) => !key.endsWith('.') || ![...KEYS].some((name) => name.startsWith(key)))
    expect(empty.map(({ key, at }) => `${key}… (${at})`)).toEqual([])
  })
  it('the scan reads literal keys, ternaries and families', () => {
    const found = keysIn("t('nav.weather'); t(busy ? 'edit.saving' : 'edit.save', {}); t(`pollen.${level}`)", 'x.tsx')
    expect(found.keys.map(({ key }) => key)).toEqual(['nav.weather', 'edit.saving', 'edit.save'])
    expect(found.families.map(({ key }) => key)).toEqual(['pollen.'])
    expect([known('nav.weather'), known('search.count'), known('nav.nowhere')]).toEqual([true, true, false])
  })
})
