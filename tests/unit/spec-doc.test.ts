// docs/spec.md is the specification code comments cite as "SPEC section N": every cited section
// exists there, its quoted texts are the English dictionary's (which the site shows and the API's
// texts are translated by), and every file and constant it names is real.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'

const doc = readFileSync('docs/spec.md', 'utf8')
const en: Record<string, string> = dictionaries.en

/** The body of section N (its heading up to the next "## "). */
function section(n: number): string {
  const start = doc.indexOf(`\n## ${n}. `)
  if (start < 0) return ''
  const end = doc.indexOf('\n## ', start + 1)
  return doc.slice(start, end < 0 ? undefined : end)
}

/** Files under a folder whose names end in one of the extensions. */
function files(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, extensions)
    return extensions.test(name) ? [path] : []
  })
}

/** Single-quoted texts of a part of the document ('Title is required'). */
const quoted = (text: string): string[] =>
  [...text.replace(/\s+/g, ' ').matchAll(/(?<!\w)'([^']+)'(?!\w)/g)].map((m) => m[1] ?? '')

/**
 * Whether the English dictionary has a text, where a `{placeholder}` of the specification
 * ('Failed to list users: {status text}') stands for an i18next one ('{{status}}').
 */
function inDictionary(text: string): boolean {
  const escaped = text.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`^${escaped.join('\\{\\{\\w+\\}\\}')}$`)
  return Object.values(en).some((value) => pattern.test(value))
}

/** The specification gives a second wording of this one; the site uses the first. */
const SECOND_WORDINGS = new Set(['Geolocation not supported by your browser'])

describe('docs/spec.md', () => {
  it('has sections 1 to 9, in order', () => {
    const numbers = [...doc.matchAll(/^## (\d+)\. /gm)].map((m) => Number(m[1]))
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it('has every section the code cites as "SPEC section N"', () => {
    const cited = new Set<number>()
    for (const dir of ['src', 'server', 'scripts', 'tests'])
      for (const file of files(dir, /\.(ts|tsx|astro|js|mjs|css)$/)) {
        const text = readFileSync(file, 'utf8')
        for (const m of text.matchAll(/SPEC sections? (\d+(?:(?:, | and )\d+)*)/g))
          for (const n of (m[1] ?? '').match(/\d+/g) ?? []) cited.add(Number(n))
      }
    expect(cited.size).toBeGreaterThan(5)
    for (const n of cited) expect(section(n), `SPEC section ${n}`).not.toBe('')
  })

  it('quotes the error texts as the English dictionary has them (sections 5, 6 and 8)', () => {
    const texts = [5, 6, 8].flatMap((n) => quoted(section(n)))
    expect(texts.length).toBeGreaterThan(40)
    for (const text of texts) expect(inDictionary(text) || SECOND_WORDINGS.has(text), text).toBe(true)
    expect(inDictionary('Geolocation is not supported by your browser')).toBe(true)
  })

  it('quotes the interface texts of sections 1 to 3 as the dictionary has them', () => {
    for (const [text, key] of [
      ['Ask about weather...', 'assistant.placeholder'],
      ['No cities found', 'search.noResults'],
      ['Slate High Contrast', 'color.slateContrast'],
    ] as const) {
      expect(doc, text).toContain(`'${text}'`)
      expect(en[key], key).toBe(text)
    }
  })

  it('names files that exist and constants those files define', () => {
    const paths = [...doc.matchAll(/`((?:src|server|scripts|tests|public)\/[\w./-]+\.\w+)`/g)].map((m) => m[1] ?? '')
    expect(paths.length).toBeGreaterThan(30)
    for (const path of paths) expect(existsSync(path), path).toBe(true)
    // "`NAME`, `OTHER` (`file`, `file`)" in the constants table: each name is declared in one of its
    // files, or anywhere in src/ and server/ when the row names no file.
    const everywhere = () =>
      ['src', 'server'].flatMap((dir) => files(dir, /\.(ts|tsx)$/)).map((file) => readFileSync(file, 'utf8'))
    const rows = section(9)
      .split('\n')
      .filter((line) => line.startsWith('|'))
    for (const row of rows) {
      const cell = row.split('|').at(-2) ?? ''
      const names = [...cell.matchAll(/`([A-Za-z_]\w*)`/g)].map((m) => m[1] ?? '')
      const named = [...cell.matchAll(/`([\w./-]+\.\w+)`/g)].map((m) => readFileSync(m[1] ?? '', 'utf8'))
      const sources = named.length ? named : names.length ? everywhere() : []
      for (const name of names)
        expect(
          sources.some((source) => new RegExp(`(const|function) ${name}\\b`).test(source)),
          name,
        ).toBe(true)
    }
  })
})
