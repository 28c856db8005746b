// The part of a fetched page a status template reads: matched HTML text, a JSON value, or the plain body.
import { load } from 'cheerio'
import { readJsonPath, type Template } from '../../src/lib/template.ts'

/** Longest extracted text kept: rules only need to find words in it. */
export const EXTRACT_MAX_CHARS = 5000
/** Deepest element nesting read. The HTML parser slows quadratically with depth (a 1 MB page of
 * unclosed `<div>`s takes minutes and blocks the server); real pages stay well under 100. */
export const HTML_MAX_DEPTH = 1000

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim()

const VOID = new Set('area base br col embed hr img input keygen link meta param source track wbr'.split(' '))
/** Elements the parser closes by itself when a sibling starts, so they never nest deeply on their own. */
const SELF_ENDING = new Set(
  'p li dt dd option optgroup rb rp rt rtc tr td th thead tbody tfoot colgroup caption html head body'.split(' '),
)
const RAW_TEXT = /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)$/

/**
 * Whether a page nests elements deeper than `max`, by a quick scan that keeps a stack of open tag
 * names roughly as the parser does (an end tag closes up to its match; void and self-ending tags
 * never stack; `<x/>` only closes itself inside SVG or MathML).
 */
function nestsDeeperThan(html: string, max: number): boolean {
  const page = html.toLowerCase()
  const open: string[] = []
  let foreign = 0
  // The name must end where the tag's name ends and attributes stop at '<', so this regex never backtracks far.
  const tag = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-z][^\s/<>]*)(?=[\s/>])[^<>]*?(\/?)>/g
  for (let match = tag.exec(page); match; match = tag.exec(page)) {
    const [, closing, name, selfClosing] = match
    if (!name) continue
    if (closing) {
      const at = open.lastIndexOf(name)
      if (at >= 0) open.length = at
      if (name === 'svg' || name === 'math') foreign = Math.max(foreign - 1, 0)
      continue
    }
    if (RAW_TEXT.test(name) && !foreign) {
      // Skip to the end tag: markup inside a script is text, not elements.
      const end = page.indexOf(`</${name}`, tag.lastIndex)
      tag.lastIndex = end < 0 ? page.length : end
      continue
    }
    if (VOID.has(name) || SELF_ENDING.has(name) || (selfClosing && foreign)) continue
    if (name === 'svg' || name === 'math') foreign++
    open.push(name)
    if (open.length > max) return true
  }
  return false
}

/** The shape of cheerio's nodes that text needs. */
type DomNode = { type: string; name?: string; data?: string; children?: DomNode[] }

const INLINE = new Set(
  'a abbr b bdi bdo cite code data dfn em font i kbd mark q s samp small span strong sub sup time u var'.split(' '),
)

/** An element's text, with a space between blocks so `<p>a</p><p>b</p>` reads "a b", not "ab". */
function textOf(root: DomNode): string {
  const parts: string[] = []
  const stack: (DomNode | string)[] = [root]
  while (stack.length) {
    const node = stack.pop()!
    if (typeof node === 'string') parts.push(node)
    else if (node.type === 'text') parts.push(node.data ?? '')
    else if (node.children) {
      const gap = node.name && INLINE.has(node.name) ? '' : ' '
      stack.push(gap)
      for (let at = node.children.length - 1; at >= 0; at--) stack.push(node.children[at]!)
      parts.push(gap)
    }
  }
  return collapse(parts.join(''))
}

function htmlText(select: string | undefined, body: string): string | null {
  if (nestsDeeperThan(body, HTML_MAX_DEPTH)) throw new Error('The page nests too deeply to read')
  const $ = load(body)
  // Script and style contents are not page text, and would let hidden words trigger rules.
  $('script, style, noscript, template').remove()
  if (!select) return textOf($('body').get(0) ?? $.root().get(0)!)
  let matches
  try {
    matches = $(select).toArray()
  } catch {
    throw new Error('Invalid CSS selector')
  }
  if (!matches.length) return null
  const texts: string[] = []
  let length = 0
  // Nested matches repeat their text; stop once there is enough rather than walk them all.
  for (const element of matches) {
    if (length > EXTRACT_MAX_CHARS) break
    const text = textOf(element)
    texts.push(text)
    length += text.length + 1
  }
  return texts.join('\n')
}

function jsonText(select: string | undefined, body: string): string | null {
  let document: unknown
  try {
    document = JSON.parse(body.replace(/^\uFEFF/, ''))
  } catch {
    throw new Error('The response is not valid JSON')
  }
  const value = select ? readJsonPath(document, select) : document
  if (value === undefined) return null
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * The text a template's rules look at, at most 5,000 characters; null when the selector or path finds
 * nothing. Throws (with a message fit for `fetch_error`) on an invalid selector, a body that is not
 * JSON, or a page nested too deeply to parse safely.
 * @example extractText({ source: 'html', select: 'h1' }, '<h1>Schools  closed</h1>') // 'Schools closed'
 */
export function extractText(template: Pick<Template, 'source' | 'select'>, body: string): string | null {
  const text =
    template.source === 'html'
      ? htmlText(template.select, body)
      : template.source === 'json'
        ? jsonText(template.select, body)
        : body
  return text === null ? null : text.slice(0, EXTRACT_MAX_CHARS)
}
