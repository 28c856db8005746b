// The part of a fetched page a status template reads: matched HTML text, a JSON value, or the plain body.
import { load } from 'cheerio'
import { readJsonPath, type Template } from '../../src/lib/template.ts'

/** Longest extracted text kept: rules only need to find words in it. */
export const EXTRACT_MAX_CHARS = 5000

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim()

/** The shape of cheerio's nodes that text needs. */
type DomNode = { type: string; name?: string; data?: string; children?: DomNode[] }

const INLINE = new Set(
  'a abbr b bdi bdo cite code data dfn em font i kbd mark q s samp small span strong sub sup time u var'.split(' '),
)

/**
 * An element's text, with a space between blocks so `<p>a</p><p>b</p>` reads "a b", not "ab".
 * Walked with an explicit stack: a 1 MB page can nest deeper than the call stack.
 */
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
  return matches.map(textOf).join('\n')
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
 * nothing. Throws (with a message fit for `fetch_error`) on an invalid selector or a body that is not JSON.
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
