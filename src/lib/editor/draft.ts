/**
 * The edit dialog's form (SPEC section 4): an item record as editable text, and back to the SPEC's
 * manage save payload with the section 5 checks. Pure, so the dialog, its tests and the server agree.
 */
import { isObject } from '../is-object.ts'
import type { I18nKey } from '../../i18n/index.ts'
import type { ErrorCode, Problem as CodeProblem } from '../errors.ts'
import { ASPECTS, MAX_AREA_MILES, PRIORITIES, TITLE_MAX, itemProblems, type Aspect } from '../items.ts'
import { ROUTE_PATTERN } from '../routing/slug.ts'
import { INPUT_FIELDS, ITEM_FIELD_TABLE, fieldSpec, pascal, type FieldKind } from '../item-fields.ts'
import type { ItemRecord } from '../api/types.ts'

/** Every field of the simple form, as typed (numbers too, so a half-typed value is kept as it is). */
export type Draft = {
  id: number | null
  title: string
  dataAspect: Aspect
  dataCategory: string
  category: string
  priority: string
  state: string
  lines: string
  link: string
  image: string
  isActive: boolean
  order: string
  areaMiles: string
  pageName: string
  cityName: string
  lat: string
  lon: string
  specialData: string
  dataTemplate: string
  lockResultUntil: string | null
}

/** Where a new item starts: its section and, for scoped staff, their page or city. */
export type NewItemSeed = { aspect: Aspect; pageName?: string | null; cityName?: string | null }

const text = (value: string | null | undefined): string => value ?? ''

/** The field table's defaults (src/lib/item-fields.ts): the SPEC's (active, 10 miles, Normal, manager). */
const DEFAULTS = {
  priority: ITEM_FIELD_TABLE.priority.default,
  isActive: ITEM_FIELD_TABLE.isActive.default,
  order: ITEM_FIELD_TABLE.order.default,
  areaMiles: ITEM_FIELD_TABLE.areaMiles.default,
  dataProperty: ITEM_FIELD_TABLE.dataProperty.default,
}

/** A new item's form: the table's defaults. */
export function newDraft(seed: NewItemSeed): Draft {
  return {
    id: null,
    title: '',
    dataAspect: seed.aspect,
    dataCategory: '',
    category: '',
    priority: DEFAULTS.priority,
    state: seed.aspect === 'local' ? 'active' : 'open',
    lines: '',
    link: '',
    image: '',
    isActive: DEFAULTS.isActive,
    order: String(DEFAULTS.order),
    areaMiles: String(DEFAULTS.areaMiles),
    pageName: text(seed.pageName),
    cityName: text(seed.cityName),
    lat: '',
    lon: '',
    specialData: '',
    dataTemplate: '',
    lockResultUntil: null,
  }
}

/** The form for a stored item. */
export function draftFromRecord(record: ItemRecord): Draft {
  const aspect = ASPECTS.find((name) => name === record.dataAspect) ?? 'local'
  return {
    id: record.id,
    title: record.title,
    dataAspect: aspect,
    dataCategory: text(record.dataCategory),
    category: text(record.category),
    priority: record.priority,
    state: text(record.state),
    lines: record.lines.join('\n'),
    link: text(record.link),
    image: text(record.image),
    isActive: record.isActive,
    order: String(record.order),
    areaMiles: String(record.areaMiles),
    pageName: text(record.pageName),
    cityName: text(record.cityName),
    lat: String(record.lat),
    lon: String(record.lon),
    specialData: text(record.specialData),
    dataTemplate: text(record.dataTemplate),
    lockResultUntil: record.lockResultUntil,
  }
}

/** A dictionary key of the editor's own checks (the SPEC's checks are codes of src/lib/errors.ts). */
export type EditMessageKey = Extract<I18nKey, `edit.${string}`>

/** A check that failed: a code of the shared vocabulary (SPEC section 5's checks) or an editor key. */
export type Problem = { field: keyof Draft } & ({ code: ErrorCode } | { key: EditMessageKey })

/** The field each of SPEC section 5's checks is about. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, keyof Draft>> = {
  title_required: 'title',
  title_too_long: 'title',
  special_data_json: 'specialData',
  link_url: 'link',
  image_url: 'image',
}

const number = (value: string): number | null => {
  const trimmed = value.trim()
  if (!trimmed) return null
  const parsed = Number(trimmed)
  return Number.isFinite(parsed) ? parsed : NaN
}

/**
 * Checks a draft before it is sent: SPEC section 5 (title, specialData, link, image; the SPEC's
 * codes) and the numbers and page route the API would refuse (dictionary keys under edit.).
 * @example problems({ ...draft, title: '' }) // [{ field: 'title', code: 'title_required' }]
 */
export function problems(draft: Draft): Problem[] {
  const found: Problem[] = []
  const spec = itemProblems({ title: draft.title, link: draft.link, image: draft.image, specialData: draft.specialData })
  for (const { code } of spec) found.push({ field: FIELD_OF_CODE[code] ?? 'title', code })
  const lat = number(draft.lat)
  const lon = number(draft.lon)
  if ((lat === null) !== (lon === null)) found.push({ field: lat === null ? 'lat' : 'lon', key: 'edit.pointBoth' })
  if (lat !== null && !(Math.abs(lat) <= 90)) found.push({ field: 'lat', key: 'edit.latRange' })
  if (lon !== null && !(Math.abs(lon) <= 180)) found.push({ field: 'lon', key: 'edit.lonRange' })
  const area = number(draft.areaMiles)
  if (area === null || !(area > 0 && area <= MAX_AREA_MILES)) found.push({ field: 'areaMiles', key: 'edit.areaRange' })
  const order = number(draft.order)
  if (order !== null && !Number.isInteger(order)) found.push({ field: 'order', key: 'edit.orderWhole' })
  const page = draft.pageName.trim().toLowerCase()
  if (page && !ROUTE_PATTERN.test(page)) found.push({ field: 'pageName', key: 'edit.pageRoute' })
  if (lat === null && !page && !draft.cityName.trim() && draft.id === null)
    found.push({ field: 'cityName', key: 'edit.placeNeeded' })
  return found
}

/**
 * The SPEC's manage save payload (PascalCase) for a checked draft. Lines are one per line of the
 * text box; empty link and image become null on the server (SPEC section 5 sanitising).
 */
export function toPayload(draft: Draft): Record<string, unknown> {
  const lat = number(draft.lat)
  const lon = number(draft.lon)
  const payload: Record<string, unknown> = {
    Id: draft.id ?? 0,
    Title: draft.title.trim(),
    DataAspect: draft.dataAspect,
    DataProperty: DEFAULTS.dataProperty,
    IsActive: draft.isActive,
    Order: number(draft.order) ?? 0,
    AreaMiles: number(draft.areaMiles) ?? DEFAULTS.areaMiles,
    SpecialData: draft.specialData.trim() || null,
    State: draft.state.trim() || null,
    Priority: draft.priority,
    Link: draft.link.trim() || null,
    Image: draft.image.trim() || null,
    Lines: draft.lines
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean),
    DataCategory: draft.dataCategory || null,
    Category: draft.category.trim() || null,
    PageName: draft.pageName.trim().toLowerCase() || null,
    CityName: draft.cityName.trim() || null,
  }
  if (lat !== null && lon !== null) Object.assign(payload, { Lat: lat, Lon: lon })
  if (draft.dataAspect !== 'local') payload['DataTemplate'] = draft.dataTemplate.trim() || null
  return payload
}

type RawKind = 'string' | 'number' | 'boolean' | 'lines'
const rawKind = (kind: FieldKind): RawKind =>
  kind === 'flag'
    ? 'boolean'
    : kind === 'int' || kind === 'number'
      ? 'number'
      : kind === 'lines' || kind === 'list'
        ? 'lines'
        : 'string'

/** The payload fields the raw JSON mode may set (every field the API takes), with the type each must have. */
const RAW_FIELDS: Record<string, RawKind> = {
  Id: 'number',
  ...Object.fromEntries(INPUT_FIELDS.map((name) => [pascal(name), rawKind(fieldSpec(name).kind)])),
}

/**
 * Reads the raw JSON mode's text (superadmin only): an object of known payload fields, each of
 * its type or null. Returns the payload, or the problem: a dictionary key and the field, or the
 * codes of SPEC section 5's checks.
 * @example fromRawJson('{"Title": 3}') // { ok: false, key: 'edit.rawType', field: 'Title' }
 */
export function fromRawJson(
  text: string,
):
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; key: EditMessageKey; field?: string }
  | { ok: false; problems: CodeProblem[] } {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, key: 'edit.rawInvalid' }
  }
  if (!isObject(value)) return { ok: false, key: 'edit.rawObject' }
  for (const [field, fieldValue] of Object.entries(value)) {
    const kind = RAW_FIELDS[field]
    if (!kind) return { ok: false, key: 'edit.rawUnknown', field }
    if (fieldValue === null) continue
    const fits =
      kind === 'lines'
        ? Array.isArray(fieldValue) && fieldValue.every((line) => typeof line === 'string')
        : typeof fieldValue === kind
    if (!fits) return { ok: false, key: 'edit.rawType', field }
  }
  const payload = value
  const spec = itemProblems({
    title: typeof payload['Title'] === 'string' ? payload['Title'] : '',
    link: typeof payload['Link'] === 'string' ? payload['Link'] : null,
    image: typeof payload['Image'] === 'string' ? payload['Image'] : null,
    specialData: typeof payload['SpecialData'] === 'string' ? payload['SpecialData'] : null,
  })
  if (spec.length) return { ok: false, problems: spec }
  return { ok: true, payload }
}

/** The lock-until choices of SPEC section 4, 1 day the default. */
export const LOCK_CHOICES = ['1hour', '4hours', '1day', '2days', '1week', 'custom'] as const
export type LockChoice = (typeof LOCK_CHOICES)[number]
export const DEFAULT_LOCK_CHOICE: LockChoice = '1day'

const HOUR = 3_600_000
const LOCK_SPANS: Record<Exclude<LockChoice, 'custom'>, number> = {
  '1hour': HOUR,
  '4hours': 4 * HOUR,
  '1day': 24 * HOUR,
  '2days': 48 * HOUR,
  '1week': 168 * HOUR,
}

/**
 * When a result lock ends: now plus the chosen span, or the custom local date and time (it must
 * be in the future). Null when the custom value is missing, unreadable or past.
 * @example lockUntil('4hours', new Date('2026-11-22T12:00:00Z'))?.toISOString() // '2026-11-22T16:00:00.000Z'
 */
export function lockUntil(choice: LockChoice, now: Date, custom = ''): Date | null {
  if (choice !== 'custom') return new Date(now.getTime() + LOCK_SPANS[choice])
  // datetime-local gives 'YYYY-MM-DDTHH:MM' in the browser's zone, which Date reads as local time.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(custom)) return null
  const at = new Date(custom)
  return Number.isFinite(at.getTime()) && at.getTime() > now.getTime() ? at : null
}

/** Whether a result lock is on at `now`. */
export function isLocked(lockResultUntil: string | null, now: number): boolean {
  const until = lockResultUntil ? Date.parse(lockResultUntil) : NaN
  return Number.isFinite(until) && until > now
}

export { PRIORITIES, TITLE_MAX }
