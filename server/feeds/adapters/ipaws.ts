// FEMA IPAWS-OPEN public alerts (CAP 1.2 XML, DATA_SOURCES 8.6) as status items: evacuations, shelter in
// place, AMBER alerts, boil-water notices, 911 outages and the NWS's own warnings, for every US place.
import type { Attribution, Decode, FeedItem } from '../types.ts'
import { parseCap, type CapAlert, type CapInfo } from './cap.ts'
import { areaNames, capShape, COUNTY_ZONE_BASE } from './cap-area.ts'
import { capCategory } from './cap-category.ts'
import { cap, centre, httpUrl, isoTime } from './feed-read.ts'
import { nwsPriority, shortArea } from './nws.ts'
import { alertText, messageData, type MessageParts } from './cap-text.ts'
import { TITLE_LIMIT } from '../../../src/lib/item-limits.ts'

export const IPAWS_URL = 'https://www.fema.gov/emergency-managers/practitioners/integrated-public-alert-warning-system'
const SENDER_MAX = 120
/** How long an alert without `expires` stays (CAP makes it optional). */
export const NO_EXPIRY_MS = 86_400_000

/** Text of one language of an item, kept in its specialData for the page to pick (src/lib/live/translations.ts). */
export type Translation = { title: string; lines: string[]; message: MessageParts }

/** CAP language ("es-US") as the site's language code ("es"). */
const baseLanguage = (language: string): string => language.split('-')[0]!.toLowerCase()

function title(info: CapInfo, areaDesc: string | null): string {
  const area = shortArea(areaDesc)
  return cap(area ? `${info.event}: ${area}` : info.event, TITLE_LIMIT)
}

/** The whole message of an info: headline, what to do, description (else the WEA text), areas, contact. */
function message(info: CapInfo, areaDesc: string | null) {
  return alertText({
    headline: info.headline,
    description: info.description,
    instruction: info.instruction,
    areaDesc,
    contact: info.contact,
    weaLong: info.weaLong,
    weaShort: info.weaShort,
  })
}

/** The sender as people know it (senderName, e.g. "Pierce County Emergency Management"), credited with IPAWS. */
function attribution(info: CapInfo, alert: CapAlert): Attribution {
  const sender = info.senderName ?? (alert.sender || 'FEMA IPAWS')
  return { name: cap(`${sender} via FEMA IPAWS`, SENDER_MAX), url: httpUrl(info.web) ?? IPAWS_URL }
}

/**
 * The infos of an alert by language, in order: CAP repeats one info per language, so the n-th info of each
 * language is the same message. English (else the first language) is the item's own text.
 */
function byLanguage(infos: CapInfo[]): { main: CapInfo[]; others: Map<string, CapInfo[]> } {
  const groups = new Map<string, CapInfo[]>()
  for (const info of infos) {
    const language = baseLanguage(info.language)
    groups.set(language, [...(groups.get(language) ?? []), info])
  }
  const mainLanguage = groups.has('en') ? 'en' : ([...groups.keys()][0] ?? 'en')
  const main = groups.get(mainLanguage) ?? []
  groups.delete(mainLanguage)
  return { main, others: groups }
}

/** The items of one alert (one per info of its main language); throws when an info has no usable area. */
function toItems(alert: CapAlert, now: number, zoneBase: string, leftOut: Record<string, number>): FeedItem[] {
  const { main, others } = byLanguage(alert.infos)
  const items: FeedItem[] = []
  for (const [index, info] of main.entries()) {
    // CAP urgency Past: "responsive action is no longer required".
    if (info.urgency === 'Past') {
      count(leftOut, 'ended')
      continue
    }
    const startsAt = isoTime(info.onset) ?? isoTime(info.effective) ?? isoTime(alert.sent)
    // The event's end (eventEndingTime) before the message's expiry; an incremental feed never lists an alert
    // again, so one with neither ends a day after it began.
    const expires = isoTime(info.expires)
    const endsAt =
      isoTime(info.eventEnding) ?? expires ?? (startsAt ? new Date(Date.parse(startsAt) + NO_EXPIRY_MS).toISOString() : null)
    if (endsAt && Date.parse(endsAt) <= now) {
      count(leftOut, 'ended')
      continue
    }
    const shape = capShape(info.areas, zoneBase, info.event)
    if (!shape.geometry && !shape.zones.length)
      throw new Error(`alert ${alert.identifier} without polygon, circle or county code`)
    const translations: Record<string, Translation> = {}
    for (const [language, infos] of others) {
      const other = infos[index]
      if (!other) continue
      const areaDesc = areaNames(other.areas) ?? shape.areaDesc
      const text = message(other, areaDesc)
      translations[language] = { title: title(other, areaDesc), lines: text.lines, message: text.parts }
    }
    const text = message(info, shape.areaDesc)
    items.push({
      sourceId: index === 0 ? alert.identifier : `${alert.identifier}#${index + 1}`,
      aspect: 'statuses',
      title: title(info, shape.areaDesc),
      priority: nwsPriority(info.severity, info.urgency),
      dataCategory: capCategory(info.event, info.eventCodes, info.categories),
      // The event name stays visible ("Evacuation Immediate", "Boil Water Advisory").
      category: cap(info.event, 100),
      stateType: 'alert',
      state: startsAt && Date.parse(startsAt) > now ? 'pending' : 'active',
      lines: text.lines,
      link: httpUrl(info.web),
      image: null,
      specialData: JSON.stringify({
        ...messageData(text.parts, expires, endsAt),
        ...(Object.keys(translations).length ? { translations } : {}),
      }),
      ...(shape.geometry ? centre(shape.geometry) : { lat: 0, lon: 0 }),
      // Inside the area the sender drew only, as NWS polygons.
      areaMiles: 0,
      geometry: shape.geometry,
      ...(shape.zones.length ? { zones: shape.zones } : {}),
      ...(alert.references.length ? { aliases: alert.references } : {}),
      startsAt,
      endsAt,
      attribution: attribution(info, alert),
    })
  }
  return items
}

/** Adds one to a reason's count. */
const count = (counts: Record<string, number>, reason: string): void => {
  counts[reason] = (counts[reason] ?? 0) + 1
}

/**
 * The IPAWS cursor format: UTC to the second ("2026-11-27T15:04:05Z"), as the recent/{timestamp} path takes it.
 * @example cursorTime('2026-11-27T10:04:05-05:00') // '2026-11-27T15:04:05Z'
 */
export function cursorTime(sent: string): string | null {
  const iso = isoTime(sent)
  return iso ? `${iso.slice(0, 19)}Z` : null
}

/**
 * Decodes an IPAWS-OPEN answer (`<alerts>` of CAP `<alert>`s, or one alert). The answer holds only the alerts
 * sent since the last one processed, so the result is incremental: an Update replaces and a Cancel ends the
 * alerts it references (in this body and in earlier runs, through `ends`), tests and exercises are left out,
 * and the cursor moves to the newest `sent`. A body that is not CAP throws; a bad alert is skipped and counted.
 */
export const decodeIpaws: Decode = (body, context) => {
  const { alerts, bad } = parseCap(body)
  const now = context.now.getTime()
  // Tests and benches serve county zones locally; production resolves them at api.weather.gov.
  const zoneBase = typeof context.options['zoneBase'] === 'string' ? context.options['zoneBase'] : COUNTY_ZONE_BASE
  const errors: string[] = bad ? [`${bad} alerts without identifier or sent time`] : []
  let skipped = bad
  let cursor: string | null = null
  const ends = new Set<string>()
  for (const alert of alerts) {
    const sent = cursorTime(alert.sent)
    if (sent && (!cursor || sent > cursor)) cursor = sent
    if (alert.status === 'Actual' && (alert.msgType === 'Update' || alert.msgType === 'Cancel'))
      for (const id of alert.references) ends.add(id)
  }
  const items = new Map<string, FeedItem>()
  const leftOut: Record<string, number> = {}
  for (const alert of alerts) {
    const reason =
      alert.status !== 'Actual'
        ? 'test'
        : !['Alert', 'Update'].includes(alert.msgType)
          ? 'cancel'
          : ends.has(alert.identifier)
            ? 'replaced'
            : null
    if (reason) {
      count(leftOut, reason)
      continue
    }
    try {
      for (const item of toItems(alert, now, zoneBase, leftOut)) items.set(item.sourceId, item)
    } catch (error) {
      skipped++
      if (errors.length < 5) errors.push(error instanceof Error ? error.message : String(error))
    }
  }
  return { items: [...items.values()], skipped, errors, leftOut, incremental: true, ends: [...ends], cursor }
}
