// CAP 1.2 XML (OASIS Common Alerting Protocol) read into plain records: the IPAWS-OPEN feeds' alerts, DATA_SOURCES 8.6.
// A maintained parser (fast-xml-parser) with no document type, capped depth and no attribute values.
import { XMLParser } from 'fast-xml-parser'
import { isObject, list, str } from './feed-read.ts'

/** One `area` of an `info`: its name, its polygons and circles as written, its SAME county and UGC zone codes. */
export type CapArea = { areaDesc: string | null; polygons: string[]; circles: string[]; same: string[]; ugc: string[] }

/** One `info` block: one language's text of the alert. */
export type CapInfo = {
  language: string
  categories: string[]
  event: string
  /** SAME event codes (eventCode valueName SAME), e.g. EVI for an evacuation. */
  eventCodes: string[]
  urgency: string | null
  severity: string | null
  certainty: string | null
  effective: string | null
  onset: string | null
  expires: string | null
  senderName: string | null
  headline: string | null
  description: string | null
  instruction: string | null
  web: string | null
  /** Whom to call (an AMBER alert's police line). */
  contact: string | null
  /** WEA texts (parameters CMAMlongtext and CMAMtext): all the text many local messages have. */
  weaLong: string | null
  weaShort: string | null
  /** When the event ends (parameter eventEndingTime, NWS messages relayed by IPAWS): often long after `expires`. */
  eventEnding: string | null
  areas: CapArea[]
}

export type CapAlert = {
  identifier: string
  sender: string
  sent: string
  status: string
  msgType: string
  /** The identifiers of the alerts an Update or Cancel refers to (CAP: "sender,identifier,sent" triples). */
  references: string[]
  infos: CapInfo[]
}

/** CAP nests five levels (alerts > alert > info > area > geocode > value): anything much deeper is not CAP. */
export const CAP_MAX_DEPTH = 16

// Elements that may repeat: always read as lists, so one and many look alike.
const REPEATED = new Set([
  'alert',
  'info',
  'category',
  'eventCode',
  'area',
  'polygon',
  'circle',
  'geocode',
  'resource',
  'parameter',
  'responseType',
])

/** The five XML entities: the only names decoded. */
const XML_ENTITIES = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' }

const parser = new XMLParser({
  // Attributes are never read (CAP carries its data in elements): a huge attribute costs a scan, nothing more.
  ignoreAttributes: true,
  removeNSPrefix: true,
  // SAME codes keep their leading zero ("053033"), identifiers stay text.
  parseTagValue: false,
  trimValues: true,
  // The five XML entities and numeric character references ("Caf&#233;", "&#x2019;") are decoded, once, and no
  // HTML names ("&nbsp;" stays as written); a document type (where entity bombs live) is refused before parsing.
  processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 100 },
  // An object here is the parser's list of named entities, and turns numeric references on (fast-xml-parser 5 reads
  // it so; its types say boolean only).
  htmlEntities: XML_ENTITIES as unknown as boolean,
  maxNestedTags: CAP_MAX_DEPTH,
  isArray: (name) => REPEATED.has(name),
})

/** Text of an element read by the parser: a string, or null. */
const text = (value: unknown): string | null => str(typeof value === 'number' ? String(value) : value)

/** Every text value of a list of `{ valueName, value }` pairs named `name` (case-insensitive). */
function pairValues(pairs: unknown, name: string): string[] {
  return list(pairs).flatMap((pair) =>
    isObject(pair) && text(pair['valueName'])?.toUpperCase() === name
      ? [text(pair['value'])].filter((v): v is string => v !== null)
      : [],
  )
}

/** The first value named `name`, as written. */
const firstPair = (pairs: unknown, name: string): string | null => pairValues(pairs, name)[0] ?? null

function readArea(area: unknown): CapArea | null {
  if (!isObject(area)) return null
  const texts = (value: unknown) =>
    list(value)
      .map(text)
      .filter((item): item is string => item !== null)
  return {
    areaDesc: text(area['areaDesc']),
    polygons: texts(area['polygon']),
    circles: texts(area['circle']),
    same: pairValues(area['geocode'], 'SAME'),
    ugc: pairValues(area['geocode'], 'UGC').map((code) => code.toUpperCase()),
  }
}

function readInfo(info: unknown): CapInfo | null {
  if (!isObject(info)) return null
  const event = text(info['event'])
  if (!event) return null
  return {
    language: (text(info['language']) ?? 'en-US').toLowerCase(),
    categories: list(info['category'])
      .map(text)
      .filter((item): item is string => item !== null),
    event,
    eventCodes: pairValues(info['eventCode'], 'SAME').map((code) => code.toUpperCase()),
    urgency: text(info['urgency']),
    severity: text(info['severity']),
    certainty: text(info['certainty']),
    effective: text(info['effective']),
    onset: text(info['onset']),
    expires: text(info['expires']),
    senderName: text(info['senderName']),
    headline: text(info['headline']),
    // Descriptions keep their line breaks: paragraphs are split by the adapter.
    description: typeof info['description'] === 'string' ? info['description'] : null,
    instruction: typeof info['instruction'] === 'string' ? info['instruction'] : null,
    web: text(info['web']),
    contact: text(info['contact']),
    weaLong: firstPair(info['parameter'], 'CMAMLONGTEXT'),
    weaShort: firstPair(info['parameter'], 'CMAMTEXT'),
    eventEnding: firstPair(info['parameter'], 'EVENTENDINGTIME'),
    areas: list(info['area'])
      .map(readArea)
      .filter((area): area is CapArea => area !== null),
  }
}

/**
 * `references` is a space-separated list of "sender,identifier,sent" triples; the identifiers are what
 * an Update or Cancel replaces.
 * @example referencedIdentifiers('w-nws.webmaster@noaa.gov,urn:oid:2.49.1,2026-11-27T10:00:00-05:00') // ['urn:oid:2.49.1']
 */
export function referencedIdentifiers(references: string | null): string[] {
  if (!references) return []
  return references
    .split(/\s+/)
    .map((triple) => triple.split(','))
    .flatMap((parts) => (parts.length >= 3 ? [parts[1]!] : parts.length === 1 && parts[0] ? [parts[0]] : []))
    .filter((id) => id.length > 0)
}

/** One `alert` element as a record; null when it lacks what identifies it (skipped and counted by the adapter). */
function readAlert(alert: unknown): CapAlert | null {
  if (!isObject(alert)) return null
  const identifier = text(alert['identifier'])
  const sent = text(alert['sent'])
  if (!identifier || !sent) return null
  return {
    identifier,
    sender: text(alert['sender']) ?? '',
    sent,
    status: text(alert['status']) ?? '',
    msgType: text(alert['msgType']) ?? '',
    references: referencedIdentifiers(text(alert['references'])),
    infos: list(alert['info'])
      .map(readInfo)
      .filter((info): info is CapInfo => info !== null),
  }
}

export type CapParse = { alerts: CapAlert[]; bad: number }

/**
 * Reads a CAP document: one `alert`, or a list of them under any root (IPAWS answers `<alerts>`).
 * Throws when the body is not XML, declares a document type (entity expansion lives there) or nests
 * deeper than CAP does; an alert without identifier or sent time is counted in `bad`.
 * @example parseCap('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>x</identifier><sent>2026-11-27T10:00:00-05:00</sent></alert>').alerts.length // 1
 */
export function parseCap(body: string): CapParse {
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) throw new Error('CAP: a document type is not allowed')
  if (!/<(?:[\w.-]+:)?alerts?[\s>/]/.test(body)) throw new Error('CAP: the body is not a CAP alert list')
  // The parser reads unclosed tags leniently: a body cut short must fail whole instead. (Its validator would
  // also catch mismatched tags inside, but takes seconds on a hostile body; an alert broken inside lacks fields
  // and is counted as bad.)
  if (!/(?:<\/(?:[\w.-]+:)?alerts?>|<(?:[\w.-]+:)?alerts\b[^<>]*\/>)\s*$/.test(body))
    throw new Error('CAP: the body is not XML (it does not end with its root element)')
  let root: unknown
  try {
    root = parser.parse(body)
  } catch (error) {
    throw new Error(`CAP: the body is not XML (${error instanceof Error ? error.message.slice(0, 100) : 'parse error'})`, {
      cause: error,
    })
  }
  if (!isObject(root)) throw new Error('CAP: the body is not XML')
  let records: unknown[]
  // An empty <alerts/> (nothing new since the cursor) reads as an empty string.
  if ('alerts' in root) records = isObject(root['alerts']) ? list(root['alerts']['alert']) : []
  else if ('alert' in root) records = list(root['alert'])
  else throw new Error('CAP: no alert element')
  const alerts = records.map(readAlert).filter((alert): alert is CapAlert => alert !== null)
  return { alerts, bad: records.length - alerts.length }
}
