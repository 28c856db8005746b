// Caltrans Lane Closure System (California, keyless): one JSON file per district, lcsStatusD{NN}.json (DATA_SOURCES 8.6).
import type { Decode, FeedItem } from '../types.ts'
import { httpUrl, isObject, str, type Json } from './feed-read.ts'
import {
  current,
  directionWord,
  position,
  roadEventItem,
  Skips,
  twoPointShape,
  type LaneImpact,
  type RoadEvent,
} from './road-event.ts'

const CALTRANS = { name: 'Caltrans', url: 'https://cwwp2.dot.ca.gov/' }
/** Caltrans writes "Not Reported" (and sometimes "N/A") where it has no value. */
const text = (value: unknown): string | null => {
  const clean = str(value)
  return clean && !/^(not reported|n\/a|na|null|none)$/i.test(clean) ? clean : null
}
const yes = (value: unknown): boolean => String(value).trim().toLowerCase() === 'true'
const count = (value: unknown): number | null => {
  const n = Number(text(value))
  return Number.isInteger(n) && n >= 0 && n < 100 ? n : null
}
/** Epoch seconds written as a string, as ISO-8601 UTC. */
const epoch = (value: unknown): string | null => {
  const seconds = Number(text(value))
  return Number.isFinite(seconds) && seconds > 1e9 ? new Date(seconds * 1000).toISOString() : null
}
const object = (value: unknown): Json => (isObject(value) ? value : {})

/** "Lane", "Full", "Shoulder", "One-Way Traffic Control", "Moving" with the lane counts, as what is closed. */
function impactOf(closure: Json): LaneImpact {
  const type = text(closure['typeOfClosure'])?.toLowerCase() ?? ''
  const existing = count(closure['lanesExisting'])
  const closed = count(closure['lanesClosed'])
  if (/full/.test(type) || (closed !== null && existing !== null && closed >= existing && closed > 0)) return { type: 'all' }
  if (/one[\s-]?way|alternat/.test(type)) return { type: 'alternating' }
  if (/shoulder/.test(type) && !closed) return { type: 'shoulder' }
  if (closed || /lane|moving|rolling/.test(type)) return { type: 'some', closed, existing }
  return { type: 'none' }
}

/** "I-5", "SR-1 N" (with its suffix), and the facility when it is not the main line ("I-5 off ramp"). */
function roadOf(begin: Json, closure: Json): string[] {
  const route = [text(begin['beginRoute']), text(begin['beginRouteSuffix'])].filter(Boolean).join(' ')
  const facility = text(closure['facility'])
  const part = facility && !/^main\s?line$/i.test(facility) ? ` ${facility.toLowerCase()}` : ''
  return route ? [`${route}${part}`] : []
}

/** "Imperial Hwy – Florence Ave", else "PM 1.2–3.4" (Caltrans postmiles), else the nearby place. */
function whereOf(begin: Json, end: Json): string | null {
  const from = text(begin['beginLocationName'])
  const to = text(end['endLocationName'])
  if (from || to) return [from, to].filter((name, index, all) => name && all.indexOf(name) === index).join(' – ')
  const pm = (part: Json, side: 'begin' | 'end') =>
    [text(part[`${side}PostmilePrefix`]), text(part[`${side}Postmile`]), text(part[`${side}PostmileSuffix`])].join('')
  const a = pm(begin, 'begin')
  const b = pm(end, 'end')
  if (a && b) return a === b ? `PM ${a}` : `PM ${a}–${b}`
  return text(begin['beginNearbyPlace'])
}

function readClosure(record: Json, district: string): RoadEvent & { cancelled: boolean } {
  const location = object(record['location'])
  const closure = object(record['closure'])
  const times = object(closure['closureTimestamp'])
  const begin = object(location['begin'])
  const end = object(location['end'])
  const closureId = text(closure['closureID'])
  if (!closureId) throw new Error('closure without closureID')
  const log = text(closure['logNumber'])
  const id = `d${district}-${closureId}${log ? `-${log}` : ''}`
  const start = position(begin['beginLatitude'], begin['beginLongitude'])
  if (!start) throw new Error(`${id}: no begin position`)
  const roadNames = roadOf(begin, closure)
  if (!roadNames.length) throw new Error(`${id}: no route`)
  const startsAt = epoch(times['closureStartEpoch'])
  if (!startsAt) throw new Error(`${id}: no closureStartEpoch`)
  const endsAt = yes(times['isClosureEndIndefinite']) ? null : epoch(times['closureEndEpoch'])
  const impact = impactOf(closure)
  const work = text(closure['typeOfWork'])
  const delay = text(closure['estimatedDelay'])
  const duration = text(closure['durationOfClosure'])
  const place = [text(begin['beginNearbyPlace']), text(begin['beginCounty'])].filter(Boolean).join(', ')
  return {
    id,
    kind: impact.type === 'all' ? 'closure' : 'construction',
    titleWord: impact.type === 'all' ? 'Closure' : impact.type === 'shoulder' ? 'Shoulder closure' : 'Lane closure',
    roadNames,
    direction: directionWord(location['travelFlowDirection']) ?? directionWord(begin['beginDirection']),
    where: whereOf(begin, end),
    description: [work, text(begin['beginFreeFormDescription'])].filter(Boolean).join(': ') || null,
    impact,
    startsAt,
    endsAt,
    shape: twoPointShape(start, position(end['endLatitude'], end['endLongitude'])),
    lines: [
      place ? `Near ${place}` : null,
      yes(closure['isCode1097']) ? 'Crew on site: the closure is in place' : null,
      delay && !/^0|^no/i.test(delay) ? `Estimated delay: ${delay}` : null,
      duration ? `Closure schedule: ${duration.toLowerCase()}` : null,
      endsAt === null ? 'Until further notice' : null,
    ].filter((line): line is string => line !== null),
    link: null,
    attribution: CALTRANS,
    // 1098: the closure was picked up (over); 1022: cancelled.
    cancelled: yes(closure['isCode1098']) || yes(closure['isCode1022']),
  }
}

/**
 * `{ data: [{ lcs: { index, recordTimestamp, location: { travelFlowDirection, begin: {…}, end: {…} },
 * closure: { closureID, logNumber, closureTimestamp: { closureStartEpoch, closureEndEpoch, isClosureEndIndefinite },
 * facility, typeOfClosure, typeOfWork, lanesExisting, lanesClosed, isCode1097, isCode1098, isCode1022 } } }] }`,
 * every value a string. Closures picked up (1098), cancelled (1022), ended or starting after the horizon are left out.
 * @example decodeCaltransLcs(body, { feedId: 'caltrans-lcs-d07', now, options: { district: 7 } }).items[0]?.category
 */
export const decodeCaltransLcs: Decode = (body, context) => {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new Error('Caltrans LCS: the body is not JSON')
  }
  if (!isObject(json) || !Array.isArray(json['data'])) throw new Error('Caltrans LCS: no data array')
  const raw = context.options['district']
  const district = typeof raw === 'number' || typeof raw === 'string' ? String(raw).replace(/^0+/, '') : '?'
  const attribution = {
    name: str(context.options['publisher']) ?? CALTRANS.name,
    url: httpUrl(context.options['publisherUrl']) ?? CALTRANS.url,
  }
  const now = context.now.getTime()
  const skips = new Skips()
  const seen = new Set<string>()
  const items: FeedItem[] = []
  json['data'].forEach((entry: unknown, index) => {
    try {
      const record = isObject(entry) && isObject(entry['lcs']) ? entry['lcs'] : null
      if (!record) throw new Error('no lcs object')
      const { cancelled, ...event } = readClosure(record, district)
      if (seen.has(event.id)) throw new Error(`duplicate closure ${event.id}`)
      seen.add(event.id)
      if (cancelled || !current(event, now)) return
      items.push(roadEventItem({ ...event, attribution }, now))
    } catch (error) {
      skips.add(`record ${index}`, error)
    }
  })
  return { items, skipped: skips.count, errors: skips.errors }
}
