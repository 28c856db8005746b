// The embeddable widget's rules (docs/embedding.md): its options as the address carries them, the
// one line of HTML to paste, and what it lists. Pure: the widget page, the "Put this on your website"
// page and the tests read the same rules.
import type { AlertItem, Reaction } from '../items.ts'
import { severityOf, type Severity } from '../live/severity.ts'
import { localizeItem } from '../live/translations.ts'
import { isLocale, localePrefix, type Locale } from '../routing/routes.ts'
import { ROUTE_PATTERN } from '../routing/slug.ts'

/** The widget's address: one static page for every place, its options in the query. */
export const WIDGET_PATH = '/embed/statuses'

export type WidgetOptions = {
  /** The place's route, e.g. 'wa/duvall' (the link back and the live sections' own items). */
  place: string
  /** Its point, for the live sections call (2 decimals). */
  lat: number
  lon: number
  /** Its name as the heading shows it, from the route (placeName), never from the address: 'Duvall, WA'. */
  name: string
  lang: Locale
  theme: 'light' | 'dark'
  size: 'compact' | 'full'
  /** Road conditions under the statuses. */
  roads: boolean
}

/** How many items each size lists per section. */
export const WIDGET_ITEMS = { compact: 3, full: 10 } as const
/** The iframe's height for each size, in CSS pixels. */
export const WIDGET_HEIGHT = { compact: 220, full: 420 } as const

const number = (value: string | null, limit: number): number | null => {
  if (value === null || !/^-?\d{1,3}(\.\d+)?$/.test(value)) return null
  const parsed = Number(value)
  return Math.abs(parsed) <= limit ? parsed : null
}

/**
 * A place's heading from its route alone: the city's words capitalised, then the state, e.g. 'Duvall, WA'. The
 * widget takes nothing free for its heading (a `name=` of an old snippet is ignored): it would put any words above
 * a place's real items on Porchlight's origin. The widget's script then asks for the city's own spelling.
 * @example placeName('wa/sedro-woolley') // 'Sedro Woolley, WA'
 */
export function placeName(route: string): string {
  const [state = '', city = ''] = route.toLowerCase().split('/')
  const words = city.split('-').filter(Boolean)
  return `${words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(' ')}, ${state.toUpperCase()}`
}

/**
 * The options of a widget address's query; null when the place or its point is missing or malformed.
 * Unknown or missing options take their defaults (English, light, compact, no roads); `name` is ignored.
 * @example parseWidget('?place=wa/duvall&lat=47.74&lon=-121.99&name=Anything&lang=es')?.name // 'Duvall, WA'
 */
export function parseWidget(search: string): WidgetOptions | null {
  const query = new URLSearchParams(search)
  const place = query.get('place') ?? ''
  const lat = number(query.get('lat'), 90)
  const lon = number(query.get('lon'), 180)
  if (!ROUTE_PATTERN.test(place) || lat === null || lon === null) return null
  const lang = query.get('lang')
  return {
    place: place.toLowerCase(),
    lat,
    lon,
    name: placeName(place),
    lang: isLocale(lang) ? lang : 'en',
    theme: query.get('theme') === 'dark' ? 'dark' : 'light',
    size: query.get('size') === 'full' ? 'full' : 'compact',
    roads: query.get('roads') === '1',
  }
}

/**
 * The widget's address on a site's origin.
 * @example widgetUrl('https://porchlight.example', { place: 'wa/duvall', lat: 47.74, lon: -121.99, name: 'Duvall, WA', lang: 'en', theme: 'light', size: 'compact', roads: false })
 * // 'https://porchlight.example/embed/statuses?place=wa%2Fduvall&lat=47.74&lon=-121.99&lang=en&theme=light&size=compact'
 */
export function widgetUrl(origin: string, options: WidgetOptions): string {
  const query = new URLSearchParams({
    place: options.place,
    lat: options.lat.toFixed(2).replace(/\.?0+$/, ''),
    lon: options.lon.toFixed(2).replace(/\.?0+$/, ''),
    lang: options.lang,
    theme: options.theme,
    size: options.size,
  })
  if (options.roads) query.set('roads', '1')
  return `${origin.replace(/\/$/, '')}${WIDGET_PATH}?${query}`
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The one line of HTML a webmaster pastes: an iframe of the widget, lazily loaded, with a title for
 * screen readers. The embedding page can size it; the widget needs no script of theirs.
 */
export function widgetSnippet(origin: string, options: WidgetOptions, title: string): string {
  const src = widgetUrl(origin, options)
  const height = WIDGET_HEIGHT[options.size]
  return `<iframe src="${escape(src)}" title="${escape(title)}" width="360" height="${height}" loading="lazy" style="border:0;max-width:100%"></iframe>`
}

/**
 * The place's page on Porchlight, in the widget's language: where its link goes.
 * @example placeUrl('https://p.example', { place: 'wa/duvall', lang: 'es' }) // 'https://p.example/es/wa/duvall/statuses'
 */
export function placeUrl(origin: string, options: Pick<WidgetOptions, 'place' | 'lang'>): string {
  return `${origin.replace(/\/$/, '')}${localePrefix(options.lang)}/${options.place}/statuses`
}

/** The priority word a row shows beside its colour bar (docs/design.md, "How priority is shown"): never colour alone. */
export type PriorityWord = 'critical' | 'urgent' | 'warning' | 'info'

export type WidgetItem = {
  id: number
  title: string
  /** The state word, as the item has it ('active'); the widget shows the dictionary's word when it knows it. */
  state: string | null
  severity: Severity
  /** The word of the row's tag; null for a priority with no word of its own (Normal, High, Medium). */
  priority: PriorityWord | null
  link: string | null
}

const RANK: Record<Severity, number> = { critical: 0, warning: 1, info: 2 }

/**
 * The tag's word for an item of a severity: the item's own priority word when the severity agrees with it (Urgent
 * stays Urgent), else the severity's (a road closed by its state reads Critical).
 * @example priorityWord('Urgent', 'critical') // 'urgent'
 * @example priorityWord('Info', 'critical') // 'critical' (a closed crossing)
 */
export function priorityWord(priority: string | null, severity: Severity): PriorityWord | null {
  const word = (priority ?? '').trim().toLowerCase()
  if (severity === 'critical') return word === 'urgent' ? 'urgent' : 'critical'
  if (severity === 'warning') return 'warning'
  return word === 'info' || word === 'low' ? 'info' : null
}

/**
 * A section's items as the widget lists them: the most severe first, at most `limit`, each titled in the widget's
 * language when it carries that language (an IPAWS alert's Spanish info), as on the page.
 */
function listed(items: AlertItem[], section: 'statuses' | 'roads', limit: number, lang: Locale): WidgetItem[] {
  return items
    .map((item) => {
      const severity = severityOf(item, section)
      return {
        id: item.id,
        title: localizeItem(item, lang).title,
        state: item.state,
        severity,
        priority: priorityWord(item.priority, severity),
        link: item.link && /^https?:\/\//.test(item.link) ? item.link : null,
      }
    })
    .sort((a, b) => RANK[a.severity] - RANK[b.severity])
    .slice(0, limit)
}

/**
 * What the widget shows of a live-sections answer: its statuses, and its roads when asked for, each with how many
 * the size leaves out (the list's "+2 more" row, which links back). `more` is their sum.
 */
export function widgetSections(
  reaction: Pick<Reaction, 'statuses' | 'roads'>,
  options: Pick<WidgetOptions, 'size' | 'roads' | 'lang'>,
): { statuses: WidgetItem[]; roads: WidgetItem[] | null; more: number; statusesMore: number; roadsMore: number } {
  const limit = WIDGET_ITEMS[options.size]
  const statuses = listed(reaction.statuses.messages, 'statuses', limit, options.lang)
  const roads = options.roads ? listed(reaction.roads.messages, 'roads', limit, options.lang) : null
  const statusesMore = reaction.statuses.messages.length - statuses.length
  const roadsMore = roads ? reaction.roads.messages.length - roads.length : 0
  return { statuses, roads, more: statusesMore + roadsMore, statusesMore, roadsMore }
}
