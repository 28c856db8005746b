// Demo local businesses as items, with the SPEC's local business special data (hours in the format documented below).
import { BUSINESSES } from './businesses.ts'
import type { DemoSeed } from './index.ts'

/**
 * One day's opening hours, the format the site parses:
 * - 24-hour ranges `HH:MM-HH:MM`, several joined by ', ' (lunch and dinner: '11:00-14:00, 17:00-21:00');
 * - 'closed' for a day without opening; '00:00-24:00' for open all day;
 * - a range may pass midnight ('17:00-01:00'): the hours after midnight belong to the day the range starts on.
 */
export type DayHours = string
/** Monday to Sunday, in that order. */
export type Week = readonly [DayHours, DayHours, DayHours, DayHours, DayHours, DayHours, DayHours]

type BusinessCategory = 'eatery' | 'retail' | 'service' | 'health' | 'entertainment' | 'professional' | 'other'

export type Business = {
  category: BusinessCategory
  /** Readable category shown on the item. */
  label: string
  title: `[Demo] ${string}`
  /** From dine-in, take-out, delivery, catering; empty where none apply. */
  service: string
  description: string
  phone: string
  address: string
  lat: number
  lon: number
  web: string
  fb?: string
  menu?: string
  ordering?: string
  hoursText: string
  week: Week
}

export const DEMO_LOCAL: DemoSeed[] = BUSINESSES.map(({ label, week, ...business }, index) => ({
  aspect: 'local',
  dataCategory: business.category,
  category: label,
  priority: 'Normal',
  stateType: 'business',
  state: 'active',
  title: business.title,
  lines: [business.description, business.hoursText],
  location: business.address,
  link: business.web,
  lat: business.lat,
  lon: business.lon,
  // Key order is the SPEC's, so the editor's raw JSON view reads like the documented shape.
  special: {
    category: business.category,
    title: business.title,
    service: business.service,
    description: business.description,
    phone: business.phone,
    address: business.address,
    lat: business.lat,
    lon: business.lon,
    web: business.web,
    fb: business.fb ?? '',
    menu: business.menu ?? '',
    ordering: business.ordering ?? '',
    image: '',
    hoursText: business.hoursText,
    hoursM: week[0],
    hoursTu: week[1],
    hoursW: week[2],
    hoursTh: week[3],
    hoursF: week[4],
    hoursSa: week[5],
    hoursSu: week[6],
    _Notes: 'Demo listing: an invented business, not a real one.',
    _Log: '',
  },
  // Businesses are kept by staff, so their "fetched" time is just when the listing was last checked.
  ago: 60 * (index + 1),
}))
