// docs/data-sources.md is the reference code comments cite as "DATA_SOURCES N.N": every cited section
// exists there, the section numbering is the reference's, and what its "In Porchlight" parts say about
// the code (files, request, credits) is still true.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { dictionaries } from '../../src/i18n/index.ts'
import { NWS_ATTRIBUTION } from '../../server/feeds/adapters/nws.ts'
import { DEFAULT_OVERPASS_URL } from '../../server/feeds/overpass/start.ts'
import { forecastUrl } from '../../src/lib/weather/forecast.ts'
import { OSM_ATTRIBUTION, OSM_TILES, RADAR_ATTRIBUTION, TMS_URL } from '../../src/lib/weather/radar.ts'
import { weatherConfig } from '../../src/lib/weather/config.ts'

const DOC = 'docs/data-sources.md'
const doc = readFileSync(DOC, 'utf8')
const en: Record<string, string> = dictionaries.en
const THIS_FILE = 'tests/unit/data-sources-doc.test.ts'

/** The reference's numbering: sections 0 to 11 and their subsections, in order. */
const NUMBERING = [
  '0',
  '1',
  ...['1', '2', '3', '4', '5', '6', '7'].map((n) => `1.${n}`),
  '2',
  ...['1', '2', '3', '4', '5'].map((n) => `2.${n}`),
  '3',
  '4',
  ...['1', '2', '3', '4', '5'].map((n) => `4.${n}`),
  '5',
  ...['1', '2', '3', '4'].map((n) => `5.${n}`),
  '6',
  '7',
  '7.1',
  '7.2',
  '8',
  ...['1', '2', '3', '4', '5', '6'].map((n) => `8.${n}`),
  '9',
  '9.1',
  '9.2',
  '10',
  '11',
]

/** Section numbers of the headings, in order: "## 8. …" is 8, "### 8.2 …" is 8.2. */
const headings = [...doc.matchAll(/^(?:## (\d+)\. |### (\d+\.\d+) )/gm)].map((m) => m[1] ?? m[2] ?? '')

/** The body of a section, from its heading to the next heading of the same or a higher level. */
function section(n: string): string {
  const heading = n.includes('.') ? `\n### ${n} ` : `\n## ${n}. `
  const start = doc.indexOf(heading)
  if (start < 0) return ''
  const next = n.includes('.') ? /\n##+ / : /\n## /
  const rest = doc.slice(start + heading.length)
  const end = rest.search(next)
  return doc.slice(start, end < 0 ? undefined : start + heading.length + end)
}

/**
 * The sections a text cites: "DATA_SOURCES 8.2", "DATA_SOURCES 6 and 8.5", "DATA_SOURCES 5.4, 7.1",
 * "DATA_SOURCES.md section 3", "DATA_SOURCES sections 2 and 3", "DATA_SOURCES §4.3", "DATA_SOURCES 1.1–1.3".
 * Each mention gives its list, empty when no number follows (a form this reader does not know); the
 * placeholder "DATA_SOURCES N.N", which explains the convention, is no citation.
 */
function citations(text: string): { mention: string; sections: string[] }[] {
  const found = [...text.matchAll(/DATA_SOURCES(?:\.md)?(?=([^\n]{0,80}))/g)]
  return found
    .filter((m) => !/^\s*(?:sections?\s*)?N(?:\.N)?\b/.test(m[1] ?? ''))
    .map((m) => {
      const after = m[1] ?? ''
      const list = /^[\s,:(]*(?:sections?\b|§§?)?\s*(\d+(?:\.\d+)?(?:\s*(?:,|and|&|–|-|to|\/)\s*§?\d+(?:\.\d+)?)*)/.exec(after)
      return { mention: m[0], sections: list?.[1]?.match(/\d+(?:\.\d+)?/g) ?? [] }
    })
}

/** Files under a folder whose names end in one of the extensions. */
function files(dir: string, extensions: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path, extensions)
    return extensions.test(name) ? [path] : []
  })
}

/** Every DATA_SOURCES mention in the code, its configuration and its READMEs, by file. */
function mentionsInCode(): { file: string; mention: string; sections: string[] }[] {
  const code = /\.(ts|tsx|astro|js|mjs|cjs|css|json|md|ya?ml|sh)$/
  const roots = readdirSync('.').filter((name) => code.test(name) && statSync(name).isFile())
  return [...['src', 'server', 'scripts', 'tests'].flatMap((dir) => files(dir, code)), ...roots]
    .filter((file) => file !== THIS_FILE)
    .flatMap((file) => citations(readFileSync(file, 'utf8')).map((c) => ({ file, ...c })))
}

/** The "In Porchlight" parts: what the document says about this repository. */
const ours = [...doc.matchAll(/\*\*In Porchlight\.\*\*[\s\S]*?(?=\n#+ |$)/g)].map((m) => m[0]).join('\n')

describe('docs/data-sources.md', () => {
  it('says what "DATA_SOURCES N.N" means before its first section', () => {
    expect(doc.slice(0, doc.indexOf('\n## '))).toContain('"DATA_SOURCES N.N" in a code comment means section N.N of this file')
  })

  it("keeps the reference's section numbering, in order", () => {
    expect(headings).toEqual(NUMBERING)
  })

  it('reads every citation form', () => {
    const read = (text: string) => citations(text).map((c) => c.sections)
    expect(read('(DATA_SOURCES 8.2).')).toEqual([['8.2']])
    expect(read('alerts (DATA_SOURCES 6 and 8.5) as items')).toEqual([['6', '8.5']])
    expect(read('tiles (DATA_SOURCES 5.4, 7.1).')).toEqual([['5.4', '7.1']])
    expect(read('credited as DATA_SOURCES 10 does')).toEqual([['10']])
    expect(read('see DATA_SOURCES.md section 3, and DATA_SOURCES sections 2 and 3')).toEqual([['3'], ['2', '3']])
    expect(read('DATA_SOURCES §4.3; DATA_SOURCES.md §§ 1.1–1.3')).toEqual([['4.3'], ['1.1', '1.3']])
    expect(read('asks for the DATA_SOURCES 1.1 variables in metric, local time, 24 hours')).toEqual([['1.1']])
    expect(read('from DATA_SOURCES.md')).toEqual([[]])
    expect(read('"DATA_SOURCES N.N" in code means section N.N')).toEqual([])
  })

  it('has every section the code cites as "DATA_SOURCES N.N"', () => {
    const mentions = mentionsInCode()
    expect(mentions.length).toBeGreaterThan(25)
    for (const { file, mention, sections } of mentions) {
      expect(sections.length, `${file}: "${mention}" names no section this test can read`).toBeGreaterThan(0)
      for (const n of sections) expect(section(n), `${file}: DATA_SOURCES ${n}`).not.toBe('')
    }
  })

  it('names files of this repository that exist, in its "In Porchlight" parts', () => {
    const paths = [...ours.matchAll(/`((?:src|server|scripts|tests|public)\/[\w./[\]-]+)`/g)].map((m) => m[1] ?? '')
    expect(paths.length).toBeGreaterThan(25)
    for (const path of paths) expect(existsSync(path), path).toBe(true)
    for (const [, link] of doc.matchAll(/\]\(([\w./-]+\.md)\)/g)) expect(existsSync(join('docs', link ?? '')), link).toBe(true)
  })

  it("quotes the site's texts as the English dictionary has them", () => {
    const quoted = [...ours.replace(/\s+/g, ' ').matchAll(/(?<![\w`])'([^'`]+)'(?![\w`])/g)].map((m) => m[1] ?? '')
    expect(quoted.length).toBeGreaterThan(8)
    const texts = new Set(Object.values(en))
    for (const text of quoted) expect(texts.has(text), text).toBe(true)
  })

  it("is right about the code's request, endpoints and credits", () => {
    // The forecast request is the reference's (1.1) without the unit parameters.
    const request = /```\n(https:\/\/api\.open-meteo\.com[\s\S]*?)```/.exec(section('1.1'))?.[1] ?? ''
    const asked = new Map([...request.replace(/\s+/g, '').matchAll(/[?&](\w+)=([^&]+)/g)].map((m) => [m[1] ?? '', m[2] ?? '']))
    const sent = new URL(forecastUrl({ lat: 40.7128, lon: -74.006 })).searchParams
    for (const key of ['current', 'hourly', 'daily', 'forecast_hours', 'forecast_days', 'timezone'])
      expect(sent.get(key), key).toBe(asked.get(key))
    for (const key of ['temperature_unit', 'wind_speed_unit', 'precipitation_unit']) expect(sent.has(key), key).toBe(false)

    for (const url of Object.values(weatherConfig)) expect(doc, url).toContain(url)
    for (const text of [OSM_TILES, OSM_ATTRIBUTION, RADAR_ATTRIBUTION, TMS_URL, DEFAULT_OVERPASS_URL])
      expect(doc, text).toContain(text)
    expect(section('10')).toContain(`\`${NWS_ATTRIBUTION.name}\``)
    for (const key of ['attr.openMeteo', 'attr.cams', 'attr.usgs', 'attr.nws', 'local.osmCredit'])
      expect(section('10'), key).toContain(`'${en[key] ?? key}'`)
  })
})
