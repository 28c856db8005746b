// The text of a CAP-family alert (NWS GeoJSON properties, IPAWS CAP infos) kept whole and in its structure:
// headline, what to do, the description's paragraphs, the areas and whom to contact, in that order in `lines`,
// with the size of each part in specialData so the page can label them (src/lib/live/alert-message.ts).
import { cap, str } from './feed-read.ts'

/** A paragraph of an alert's text: NWS's longest (a WHERE list of a hundred towns) stays whole. */
export const LINE_MAX = 4000
/** Lines of one alert in all: a tornado warning has about 14; a message past this is not an alert. */
export const LINES_MAX = 60

/** What a CAP info or an NWS alert says, as written (descriptions keep their line breaks). */
export type AlertSource = {
  headline: string | null
  description: string | null
  instruction: string | null
  areaDesc: string | null
  contact: string | null
  /** WEA texts (CMAMlongtext, CMAMtext): the message's summary when it has no description. */
  weaLong: string | null
  weaShort: string | null
}

/** How many of `lines` each part takes, in order: headline, instruction, description, areas, contact. */
export type MessageParts = { headline: number; instruction: number; description: number; areas: number; contact: number }

/**
 * NWS text is plain with hard line breaks every ~70 characters and blank lines between paragraphs:
 * each paragraph becomes one line of text, its breaks joined with spaces.
 * @example paragraphs('HAZARD...60 mph\nwind gusts.\n\nSOURCE...Radar.') // ['HAZARD...60 mph wind gusts.', 'SOURCE...Radar.']
 */
export function paragraphs(value: unknown): string[] {
  if (typeof value !== 'string') return []
  return value
    .split(/\r?\n\s*\r?\n/)
    .map(str)
    .filter((text): text is string => text !== null)
    .map((text) => cap(text, LINE_MAX))
}

/**
 * The alert's lines and the size of each part. Nothing is cut but a paragraph past LINE_MAX and a message past
 * LINES_MAX lines (then the description's end goes first: the instruction, the areas and the contact stay).
 * @example alertText({ headline: 'Tornado Warning', instruction: 'Take cover now.', … }).lines // ['Tornado Warning', 'Take cover now.', …]
 */
export function alertText(source: AlertSource): { lines: string[]; parts: MessageParts } {
  const headline = source.headline ? [cap(str(source.headline) ?? '', LINE_MAX)].filter(Boolean) : []
  const instruction = paragraphs(source.instruction)
  const summary = paragraphs(source.description)
  const description = summary.length ? summary : paragraphs(source.weaLong ?? source.weaShort)
  const areas = source.areaDesc ? [cap(str(source.areaDesc.split(';').join(', ')) ?? '', LINE_MAX)].filter(Boolean) : []
  const contact = paragraphs(source.contact).slice(0, 1)
  const room = Math.max(0, LINES_MAX - headline.length - instruction.length - areas.length - contact.length)
  const kept = description.slice(0, room)
  return {
    lines: [...headline, ...instruction, ...kept, ...areas, ...contact],
    parts: {
      headline: headline.length,
      instruction: instruction.length,
      description: kept.length,
      areas: areas.length,
      contact: contact.length,
    },
  }
}

/** The message's part sizes, and when the message itself expires where that is not the end the item shows. */
export type MessageData = { message: MessageParts & { expires?: string } }

/**
 * What an alert item keeps in specialData about its text: the parts, and the message's own expiry when the
 * event runs past it (a Beach Hazards Statement relayed by IPAWS expires a day before its eventEndingTime).
 * @example messageData(parts, '2026-11-23T20:00:00.000Z', '2026-11-24T20:00:00.000Z').message.expires // '2026-11-23T20:00:00.000Z'
 */
export function messageData(parts: MessageParts, expires: string | null, endsAt: string | null): MessageData {
  return { message: { ...parts, ...(expires && expires !== endsAt ? { expires } : {}) } }
}
