// The dashboard's count of businesses open now: its own module, loaded after the first paint, since it
// brings the business and opening-hours parsers (2.6 KB gzip) that the rest of the dashboard does not need.
import type { Reaction } from '../items.ts'
import { parseBusiness } from '../live/business.ts'
import { openState } from '../live/hours.ts'
import { sectionMessages } from './summary.ts'

/**
 * The businesses open at `now` in the place's own time zone, as the Local page's open-now filter decides.
 * @example openNowCount(reaction, new Date(), 'America/Los_Angeles') // 4
 */
export function openNowCount(reaction: Reaction, now: Date, timeZone: string): number {
  return sectionMessages(reaction, 'local').filter((item) => openState(parseBusiness(item).week, now, timeZone).state === 'open')
    .length
}
