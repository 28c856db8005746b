// The widget's script (docs/embedding.md): reads its options from the address, fetches the place's live
// sections without cookies, and draws them with text nodes only (items are staff and feed input).
// It reads and writes no storage: the visitor's Porchlight state stays out of the widget.
import { translator } from '../i18n/translate.ts'
import { parseWidget, placeUrl, widgetSections, type WidgetItem } from '../lib/embed/widget.ts'
import { checkedReaction, reactionUrl } from '../lib/api/reaction.ts'
import { apiBase } from '../lib/public-env.ts'
import { unchecked } from '../lib/live/unchecked.ts'
import { stateLabel } from '../lib/live/state-word.ts'

/** Refreshed every five minutes while the page that embeds it stays open. */
const EVERY_MS = 5 * 60_000

const options = parseWidget(location.search)
const all = JSON.parse(document.getElementById('widget-texts')?.textContent ?? '{}') as Record<string, Record<string, string>>
const texts = all[options?.lang ?? 'en'] ?? {}
const text = translator(texts, options?.lang ?? 'en')
const root = document.getElementById('widget')
const body = document.getElementById('widget-body')

/**
 * A section's list; `unchecked`: some source that covers the place did not answer, so an empty list is no all-clear.
 * Each row: its priority's word beside the colour bar (never colour alone), the title, the state in the widget's
 * language; `more` left out by the size: a last "+2 more" row that links back.
 */
function list(title: string, items: WidgetItem[], unchecked: boolean, more: number): HTMLElement {
  const section = document.createElement('section')
  const heading = document.createElement('h2')
  heading.textContent = title
  section.append(heading)
  if (unchecked) {
    const note = document.createElement('p')
    note.className = 'widget-unchecked'
    note.textContent = text('banner.unchecked')
    section.append(note)
  }
  const ul = document.createElement('ul')
  for (const item of items) {
    const li = document.createElement('li')
    li.className = `sev-${item.severity}`
    if (item.priority) {
      const tag = document.createElement('b')
      tag.className = 'widget-tag'
      tag.textContent = text(`priority.${item.priority}`)
      li.append(tag, ' ')
    }
    li.append(item.title)
    if (item.state) {
      const state = document.createElement('small')
      state.textContent = stateLabel(item.state, text)
      li.append(' ', state)
    }
    ul.append(li)
  }
  if (more > 0) {
    const li = document.createElement('li')
    li.className = 'widget-rest'
    const link = document.createElement('a')
    link.href = placeUrl(location.origin, options ?? { place: '', lang: 'en' })
    link.target = '_blank'
    link.rel = 'noopener'
    link.textContent = text('embed.moreItems', { count: more })
    li.append(link)
    ul.append(li)
  }
  if (!items.length && !unchecked) {
    const none = document.createElement('li')
    none.textContent = text('embed.none')
    ul.append(none)
  }
  if (ul.childElementCount) section.append(ul)
  return section
}

async function load(): Promise<void> {
  if (!options || !body) return
  try {
    const url = reactionUrl(apiBase(), { lat: options.lat, lon: options.lon, route: options.place })
    const response = await fetch(url, { credentials: 'omit', signal: AbortSignal.timeout(30_000) })
    if (!response.ok) throw new Error(String(response.status))
    const answer = await checkedReaction(await response.json())
    if (!answer) throw new Error('not a reaction answer')
    const sections = widgetSections(answer, options)
    const nodes = [list(text('embed.statuses'), sections.statuses, unchecked(answer.statuses.health), sections.statusesMore)]
    if (sections.roads)
      nodes.push(list(text('embed.roadsTitle'), sections.roads, unchecked(answer.roads.health), sections.roadsMore))
    body.replaceChildren(...nodes)
  } catch {
    const error = document.createElement('p')
    error.textContent = text('embed.error')
    body.replaceChildren(error)
  }
  root?.setAttribute('aria-busy', 'false')
}

/** The city's own spelling ('Sedro-Woolley, WA'), from the API's city search: only a known place's name, best effort. */
async function knownName(place: string): Promise<string | null> {
  const words = place.split('/')[1]?.replace(/-/g, ' ') ?? ''
  const url = `${apiBase()}/api/cities?city=${encodeURIComponent(words)}`
  const response = await fetch(url, { credentials: 'omit', signal: AbortSignal.timeout(30_000) })
  if (!response.ok) return null
  const found: unknown = await response.json()
  const match = Array.isArray(found)
    ? (found as { route?: unknown; displayName?: unknown }[]).find((city) => city.route === place)
    : undefined
  return typeof match?.displayName === 'string' ? match.displayName.slice(0, 80) : null
}

/** The heading, the foot link and the document's title, for the place's name. */
function showName(name: string): void {
  const place = document.getElementById('widget-place')
  const more = document.getElementById('widget-more')
  if (place) place.textContent = name
  if (more) more.textContent = text('embed.more', { place: name })
  document.title = `${name} · ${text('site.name')}`
}

if (options && root) {
  document.documentElement.lang = options.lang
  document.documentElement.dataset['theme'] = options.theme
  root.dataset['size'] = options.size
  const link = placeUrl(location.origin, options)
  const place = document.getElementById('widget-place')
  const more = document.getElementById('widget-more')
  place?.setAttribute('href', link)
  more?.setAttribute('href', link)
  showName(options.name)
  void knownName(options.place)
    .then((name) => name && showName(name))
    .catch(() => undefined)
  void load()
  setInterval(() => void load(), EVERY_MS)
} else if (body) {
  body.textContent = text('embed.error')
}
