// City pages from shells: Astro renders each (language, section) once for a stand-in city whose
// values are unique tokens, and the build puts each real city's values where the tokens are.
// Build-time only. The build checks the result against pages Astro rendered itself (scripts/lib/fill-pages.ts).
import type { CityLink, CityProps } from './page-list.ts'

/** The stand-in city of a shell: every value a token found nowhere else in a page. */
export const SHELL_CITY: CityProps = {
  name: 'XQNAMEQX',
  state: 'XQSTATEQX',
  route: 'xqrouteqx',
  lat: 12.3456789012,
  lon: -98.7654321098,
  timezone: 'XQZONEQX',
}

/** Two stand-in neighbours: the shell's list holds both, so the build learns one entry's markup and repeats it. */
export const SHELL_NEARBY: CityLink[] = [1, 2].map((n) => ({
  name: `XQN${n}NAMEQX`,
  state: `XQN${n}STATEQX`,
  route: `xqn${n}routeqx`,
}))

/**
 * The city's values the filler puts in a page: every field of CityProps (a field added there without a token here
 * fails the type check). A value CityPage.astro derives from them (rounded, reformatted, looked up) is not
 * filled: the byte-for-byte check names it (fillDifference). See docs/common-changes.md, "Add a per-city value".
 */
type Field = keyof CityProps
/** How Astro escaped a value where it stands: text, an attribute value, or JSON in a JSON-LD script. */
type Context = 'text' | 'attr' | 'json'
type Part = string | { field: Field; context: Context }
/** A shell cut at its tokens: the neighbour list's entry is its own template, repeated per neighbour. */
export type PageTemplate = { head: Part[]; entry: Part[]; tail: Part[] }

const escapeToken = (token: string): string => token.replace(/[.-]/g, '\\$&')
const CITY_FIELDS: { [F in Field]: F } = {
  name: 'name',
  state: 'state',
  route: 'route',
  lat: 'lat',
  lon: 'lon',
  timezone: 'timezone',
}
const CITY_TOKENS: [string, Field][] = Object.values(CITY_FIELDS).map((field) => [String(SHELL_CITY[field]), field])
const [NEAR_1, NEAR_2] = SHELL_NEARBY as [CityLink, CityLink]
const NEAR_TOKENS: [string, Field][] = [
  [NEAR_1.name, 'name'],
  [NEAR_1.state, 'state'],
  [NEAR_1.route, 'route'],
]
const pattern = (tokens: [string, Field][]): RegExp => new RegExp(tokens.map(([token]) => escapeToken(token)).join('|'), 'g')

/** Astro's escaping of text (astro/dist/runtime/server/escape.js): & < > ' ". */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>'"]/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', "'": '&#39;' })[char as '&' | '<' | '>' | "'"] ?? '&quot;',
  )
}

/** Astro's escaping of an attribute value (toAttributeString in astro/dist/runtime/server/render/util.js): & and ". */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
}

/**
 * The context of each character of a rendered page: inside a tag's quoted attribute value, inside a
 * JSON-LD script, or text. Enough HTML for Astro's own output, which quotes every attribute.
 */
function contexts(html: string): (index: number) => Context {
  const marks: [number, Context][] = [[0, 'text']]
  let i = 0
  while (i < html.length) {
    const open = html.indexOf('<', i)
    if (open < 0) break
    if (html.startsWith('<script type="application/ld+json">', open)) {
      const end = html.indexOf('</script>', open)
      marks.push([html.indexOf('>', open) + 1, 'json'], [end, 'text'])
      i = end + 1
      continue
    }
    if (/^<(script|style)\b/.test(html.slice(open, open + 7))) {
      // Raw text up to its closing tag: no city value is there; skip it whole.
      const name = html.startsWith('<script', open) ? 'script' : 'style'
      i = html.indexOf(`</${name}>`, open) + 1 || html.length
      continue
    }
    // A tag: quoted values are attributes, up to the '>' outside quotes.
    let j = open + 1
    while (j < html.length && html[j] !== '>') {
      if (html[j] === '"') {
        const close = html.indexOf('"', j + 1)
        marks.push([j + 1, 'attr'], [close, 'text'])
        j = close
      }
      j++
    }
    i = j + 1
  }
  return (index) => {
    let context: Context = 'text'
    for (const [at, kind] of marks) {
      if (at > index) break
      context = kind
    }
    return context
  }
}

/** Cuts html[from, to) at the tokens, each with the escaping its place takes. */
function cut(html: string, from: number, to: number, tokens: [string, Field][], contextAt: (index: number) => Context): Part[] {
  const piece = html.slice(from, to)
  const field = new Map(tokens)
  const parts: Part[] = []
  let last = 0
  for (const match of piece.matchAll(pattern(tokens))) {
    parts.push(piece.slice(last, match.index), { field: field.get(match[0])!, context: contextAt(from + match.index) })
    last = match.index + match[0].length
  }
  parts.push(piece.slice(last))
  return parts
}

/**
 * Turns a rendered shell (SHELL_CITY with SHELL_NEARBY) into a template. The neighbour list is found
 * as two consecutive copies of one entry's markup, the second with the second neighbour's tokens.
 * Throws when the shell does not have that shape, so a layout change cannot fill pages wrongly.
 */
export function pageTemplate(shell: string): PageTemplate {
  const first = shell.indexOf(NEAR_1.name)
  const width = shell.indexOf(NEAR_2.name) - first
  if (first < 0 || width <= 0) throw new Error('page fill: the shell has no list of two neighbours')
  const swap = (text: string): string => text.replaceAll('XQN1', 'XQN2').replaceAll('xqn1', 'xqn2')
  // The entry starts at most one entry's width before the first neighbour's name.
  let start = -1
  for (let back = 0; back < width && start < 0; back++) {
    const at = first - back
    if (at >= 0 && swap(shell.slice(at, at + width)) === shell.slice(at + width, at + 2 * width)) start = at
  }
  if (start < 0) throw new Error('page fill: the two neighbours of the shell are not marked up alike')
  const end = start + 2 * width
  const rest = shell.slice(0, start) + shell.slice(end)
  if (/XQN[12]|xqn[12]/.test(rest) || /XQN2|xqn2/.test(shell.slice(start, start + width)))
    throw new Error('page fill: neighbour tokens outside the neighbour list')
  if (pattern(CITY_TOKENS).test(shell.slice(start, end)))
    throw new Error('page fill: the page city’s tokens inside the neighbour list')
  const contextAt = contexts(shell)
  return {
    head: cut(shell, 0, start, CITY_TOKENS, contextAt),
    entry: cut(shell, start, start + width, NEAR_TOKENS, contextAt),
    tail: cut(shell, end, shell.length, CITY_TOKENS, contextAt),
  }
}

const ESCAPE: Record<Context, (value: string) => string> = {
  text: escapeHtml,
  attr: escapeAttribute,
  json: (value) => JSON.stringify(value).slice(1, -1),
}

function render(parts: Part[], city: CityLink & Partial<CityProps>): string {
  let html = ''
  for (const part of parts) html += typeof part === 'string' ? part : ESCAPE[part.context](String(city[part.field] ?? ''))
  return html
}

/**
 * A city's page from its (language, section) template: the page's values where the stand-in's were,
 * escaped as Astro escapes them there, and one list entry per neighbour.
 * @example fillPage(pageTemplate(shellHtml), duvall, [carnation, monroe])
 */
export function fillPage(template: PageTemplate, city: CityProps, nearby: CityLink[]): string {
  let html = render(template.head, city)
  for (const near of nearby) html += render(template.entry, near)
  return html + render(template.tail, city)
}

/**
 * Why a filled page differs from the page Astro rendered for the same city, for the build's error: the first
 * differing byte with its surroundings, and the value there when it can be told, the city's own (found in
 * Astro's page) or one derived from the stand-in's (left in the filled page).
 * @example fillDifference(astroHtml, filledHtml, duvall) // 'the city’s lat (47.7462) at byte 2104: …'
 */
export function fillDifference(astro: string, filled: string, city: CityProps): string {
  let i = 0
  while (i < astro.length && astro[i] === filled[i]) i++
  const around = (html: string): string => JSON.stringify(html.slice(Math.max(0, i - 60), i + 60))
  const covers = (html: string, text: string): boolean => {
    for (let at = Math.max(0, i - text.length + 1); at <= i; at++) if (html.startsWith(text, at)) return true
    return false
  }
  const fields = Object.values(CITY_FIELDS)
  const own = fields.find((field) =>
    Object.values(ESCAPE).some((escape) => {
      const text = escape(String(city[field]))
      return text !== '' && covers(astro, text)
    }),
  )
  // A value derived from the stand-in's keeps a piece of it: a token's first letters or a coordinate's first digits.
  const window = filled.slice(Math.max(0, i - 20), i + 40)
  const derived = fields.find((field) => window.includes(String(SHELL_CITY[field]).slice(0, 4)))
  const value = own
    ? `the city’s ${own} (${String(city[own])})`
    : derived
      ? `a value derived from the city’s ${derived}, which the filler does not fill`
      : 'a value the filler does not fill'
  return (
    `${value} at byte ${i}: Astro ${around(astro)} / filled ${around(filled)}. ` +
    'Every per-city value of CityPage.astro is filled by src/lib/routing/page-fill.ts ' +
    '(docs/common-changes.md, “Add a per-city value to the city pages”).'
  )
}
