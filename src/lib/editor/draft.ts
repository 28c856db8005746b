/**
 * The edit dialog's form (SPEC section 4): an item record as editable text, and back to the SPEC's
 * manage save payload with the section 5 checks. Pure, so the dialog, its tests and the server agree.
 */
import { isObject } from '../is-object.ts'
import type { I18nKey } from '../../i18n/index.ts'
import type { ErrorCode, Problem as CodeProblem } from '../errors.ts'
import { ASPECTS, MAX_AREA_MILES, itemProblems, type Aspect } from '../items.ts'
import { ROUTE_PATTERN } from '../routing/slug.ts'
import {
  DIALOG_FIELDS,
  INPUT_FIELDS,
  ITEM_FIELD_TABLE,
  SPEC_PAYLOAD_ORDER,
  fieldSpec,
  pascal,
  type DialogField,
  type FieldKind,
  type FieldName,
  type ItemFieldTable,
} from '../item-fields.ts'
import type { ItemRecord } from '../api/types.ts'

/**
 * How the form holds a field of each kind: a flag as true or false, the section as one, the rest as typed text
 * (numbers too, so a half-typed value is kept as it is).
 */
type FormValue<Kind> = Kind extends 'flag' ? boolean : Kind extends 'aspect' ? Aspect : string
type Flat<T> = { [K in keyof T]: T[K] }

/**
 * Every field of the simple form (the field table's `dialog` entries, src/lib/item-fields.ts), the item's id,
 * and the advanced panel's template and lock.
 */
export type Draft = Flat<
  { id: number | null } & { -readonly [K in DialogField]: FormValue<ItemFieldTable[K]['kind']> } & {
    dataTemplate: string
    lockResultUntil: string | null
  }
>

/** Where a new item starts: its section and, for scoped staff, their page or city. */
export type NewItemSeed = { aspect: Aspect; pageName?: string | null; cityName?: string | null }

const text = (value: string | null | undefined): string => value ?? ''

/** The dataProperty every save sends: the table's default (the SPEC's "manager"). */
const DATA_PROPERTY = ITEM_FIELD_TABLE.dataProperty.default

/** A field's value as the form holds it: a list one entry a line, a number as its text, nothing as ''. */
function formValue(name: DialogField, value: unknown): unknown {
  const { kind } = fieldSpec(name)
  if (kind === 'flag') return value === true
  if (kind === 'aspect') return ASPECTS.find((aspect) => aspect === value) ?? 'local'
  if (kind === 'lines' || kind === 'list') return Array.isArray(value) ? value.join('\n') : ''
  return typeof value === 'string' || typeof value === 'number' ? String(value) : ''
}

/** The form's fields, each from `valueOf` (a stored record's value, or the table's default). */
function formOf(valueOf: (name: DialogField) => unknown): Omit<Draft, 'id' | 'dataTemplate' | 'lockResultUntil'> {
  return Object.fromEntries(DIALOG_FIELDS.map((name) => [name, formValue(name, valueOf(name))])) as Omit<
    Draft,
    'id' | 'dataTemplate' | 'lockResultUntil'
  >
}

/** A new item's form: the table's defaults (the SPEC's: active, 10 miles, Normal), its section and the seed's place. */
export function newDraft(seed: NewItemSeed): Draft {
  return {
    id: null,
    ...formOf((name) => fieldSpec(name).default),
    dataAspect: seed.aspect,
    state: seed.aspect === 'local' ? 'active' : 'open',
    pageName: text(seed.pageName),
    cityName: text(seed.cityName),
    dataTemplate: '',
    lockResultUntil: null,
  }
}

/** The form for a stored item. */
export function draftFromRecord(record: ItemRecord): Draft {
  return {
    id: record.id,
    ...formOf((name) => record[name]),
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

const isDialogField = (name: FieldName): name is DialogField => (DIALOG_FIELDS as FieldName[]).includes(name)

/** A form field's value as the payload sends it, by its kind (SPEC section 5 sanitising: texts trimmed, empty ones null). */
function payloadValue(name: DialogField, value: string | boolean): unknown {
  const spec = fieldSpec(name)
  if (typeof value === 'boolean' || spec.kind === 'aspect' || spec.kind === 'priority') return value
  if (spec.kind === 'title') return value.trim()
  if (spec.kind === 'route') return value.trim().toLowerCase() || null
  if (spec.kind === 'lines')
    return value
      .split('\n')
      .map((line) => line.trimEnd())
      .filter(Boolean)
  if (spec.kind === 'int' || spec.kind === 'number') return number(value) ?? spec.default ?? null
  return value.trim() || null
}

/**
 * The SPEC's manage save payload (PascalCase) for a checked draft: its fields in the SPEC's order, then the
 * dialog's others. Lines are one per line of the text box; empty texts (link, image) are null (SPEC section 5
 * sanitising); the point goes only as a pair, the template only for sections that have one.
 */
export function toPayload(draft: Draft): Record<string, unknown> {
  const payload: Record<string, unknown> = { Id: draft.id ?? 0 }
  const order = [...SPEC_PAYLOAD_ORDER, ...DIALOG_FIELDS.filter((name) => !SPEC_PAYLOAD_ORDER.includes(name))]
  for (const name of order) {
    if (name === 'dataProperty') payload['DataProperty'] = DATA_PROPERTY
    else if (isDialogField(name)) payload[pascal(name)] = payloadValue(name, draft[name])
  }
  if (payload['Lat'] === null || payload['Lon'] === null) {
    delete payload['Lat']
    delete payload['Lon']
  }
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
