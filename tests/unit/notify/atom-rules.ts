// The Atom 1.0 rules (RFC 4287) a feed document must keep, checked on the parsed XML: what a validator reports.
import { XMLParser, XMLValidator } from 'fast-xml-parser'

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/

const text = (value: unknown): string => {
  if (typeof value === 'string') return value
  const inner = typeof value === 'object' && value ? (value as { '#text'?: unknown })['#text'] : undefined
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner) : ''
}

const list = (value: unknown): Record<string, unknown>[] =>
  value === undefined ? [] : ((Array.isArray(value) ? value : [value]) as Record<string, unknown>[])

/** Every broken rule, as plain sentences; empty for a valid document. */
export function atomProblems(xml: string): string[] {
  const valid = XMLValidator.validate(xml)
  if (valid !== true) return [`not well-formed: ${valid.err.msg}`]
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as Record<string, unknown>
  const feed = doc['feed'] as Record<string, unknown> | undefined
  if (!feed) return ['no feed element']
  const problems: string[] = []
  if (feed['@xmlns'] !== 'http://www.w3.org/2005/Atom') problems.push('feed is not in the Atom namespace')
  const need = (where: string, node: Record<string, unknown>, name: string) => {
    if (!text(node[name]).trim()) problems.push(`${where} has no ${name}`)
  }
  for (const name of ['id', 'title', 'updated']) need('feed', feed, name)
  if (!RFC3339.test(text(feed['updated']))) problems.push('feed updated is not an RFC 3339 date')
  const entries = list(feed['entry'])
  const feedAuthor = list(feed['author']).length > 0
  const ids = new Set<string>()
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`
    for (const name of ['id', 'title', 'updated']) need(where, entry, name)
    if (!RFC3339.test(text(entry['updated']))) problems.push(`${where} updated is not an RFC 3339 date`)
    if (ids.has(text(entry['id']))) problems.push(`${where} repeats an id`)
    ids.add(text(entry['id']))
    const links = list(entry['link'])
    if (!links.some((link) => (link['@rel'] ?? 'alternate') === 'alternate' && link['@href']))
      problems.push(`${where} has no alternate link`)
    if (!entry['content'] && !links.some((link) => (link['@rel'] ?? 'alternate') === 'alternate'))
      problems.push(`${where} has neither content nor an alternate link`)
    if (!feedAuthor && !list(entry['author']).length) problems.push(`${where} has no author and the feed has none`)
  })
  return problems
}

export function atomEntries(xml: string): Record<string, unknown>[] {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(xml) as { feed: Record<string, unknown> }
  return list(doc.feed['entry'])
}
