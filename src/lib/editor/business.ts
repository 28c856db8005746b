/**
 * The local business form of the edit dialog: a business's special data (SPEC section 3) as text
 * fields, and back into the JSON string, keeping every key the form does not show (_Notes, _Log, …).
 */
import type { EditMessageKey } from './draft.ts'
import { isObject } from '../is-object.ts'
import { DAYS, parseDayHours } from '../live/hours.ts'
import { safeHttpUrl } from '../safe-url.ts'

/** The special-data keys the form edits, in the order it shows them. */
export const BUSINESS_FIELDS = [
  'category',
  'title',
  'service',
  'description',
  'phone',
  'address',
  'lat',
  'lon',
  'web',
  'fb',
  'menu',
  'ordering',
  'image',
  'hoursText',
  ...DAYS.map((day) => `hours${day}` as const),
] as const
export type BusinessField = (typeof BUSINESS_FIELDS)[number]
export type BusinessForm = Record<BusinessField, string>

/** Keys whose value must be an http(s) address. */
export const BUSINESS_URL_FIELDS = ['web', 'fb', 'menu', 'ordering', 'image'] as const

function parseObject(specialData: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(specialData || '{}')
    return isObject(value) ? value : {}
  } catch {
    return {}
  }
}

/**
 * The form's fields from stored special data (numbers as text; lists joined with commas).
 * @example businessForm('{"category":"eatery","lat":47.7}').lat // '47.7'
 */
export function businessForm(specialData: string): BusinessForm {
  const special = parseObject(specialData)
  const value = (key: string): string => {
    const raw = special[key]
    if (typeof raw === 'string') return raw
    if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw)
    if (Array.isArray(raw)) return raw.filter((entry) => typeof entry === 'string').join(', ')
    return ''
  }
  return Object.fromEntries(BUSINESS_FIELDS.map((key) => [key, value(key)])) as BusinessForm
}

/**
 * The special data with the form's values in place: empty fields are dropped, lat and lon stored as
 * numbers, every other key of the original (notes, log, anything newer) kept as it was.
 */
export function withBusiness(specialData: string, form: BusinessForm): string {
  const special = parseObject(specialData)
  for (const key of BUSINESS_FIELDS) {
    const value = form[key].trim()
    if (!value) delete special[key]
    else if (key === 'lat' || key === 'lon') special[key] = Number(value)
    else special[key] = value
  }
  return JSON.stringify(special)
}

/** A check of the business form that failed: the field and its message's dictionary key. */
export type BusinessProblem = { field: BusinessField; key: EditMessageKey }

/** Links must be http(s) and the map point in range; both coordinates or neither. */
export function businessProblems(form: BusinessForm): BusinessProblem[] {
  const found: BusinessProblem[] = []
  for (const key of BUSINESS_URL_FIELDS)
    if (form[key].trim() && !safeHttpUrl(form[key].trim())) found.push({ field: key, key: 'edit.urlInvalid' })
  const lat = form.lat.trim()
  const lon = form.lon.trim()
  if (!lat !== !lon) found.push({ field: lat ? 'lon' : 'lat', key: 'edit.pointBoth' })
  if (lat && !(Math.abs(Number(lat)) <= 90)) found.push({ field: 'lat', key: 'edit.latRange' })
  if (lon && !(Math.abs(Number(lon)) <= 180)) found.push({ field: 'lon', key: 'edit.lonRange' })
  return found
}

/**
 * Days whose hours the Local page cannot read (it then shows them as typed, without open/closed).
 * @example unreadableDays({ ...form, hoursM: 'whenever' }) // ['M']
 */
export function unreadableDays(form: BusinessForm): string[] {
  return DAYS.filter((day) => parseDayHours(form[`hours${day}`]).kind === 'unknown')
}
