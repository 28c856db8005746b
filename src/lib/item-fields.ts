/**
 * Every field of an item, once: its name (camelCase; the database column and the manage calls' PascalCase
 * are derived by `columnOf` and `pascal`, never typed again), its kind, its limit, a new item's value, and how
 * the edit dialog shows it; where the answers carry it and as what is its line in item-answer-fields.ts (or
 * item-staff-fields.ts for a staff-only field: the visitor pages' answer checks read only the first). The API's
 * input schema (item-fields-schema.ts), the defaults and the row mapping (server/lib/item-input.ts), the public
 * view and the staff record (server/lib/item-view.ts), the answers' OpenAPI schemas (server/schemas.ts) and checks
 * (api/live-answers.ts, api/answers.ts), the dialog's form (editor/draft.ts, islands/staff/ItemFields.tsx) and the
 * permission table's field list (field-permission.ts) all read it. docs/common-changes.md walks through adding a field.
 *
 * The order is item-answer-fields.ts's, then item-staff-fields.ts's: the SPEC's Alert item (section 3), then
 * what Porchlight adds to it, then its `data`, then the staff record's own fields; the public view and the
 * record are written in it.
 */
import type { I18nKey } from '../i18n/index.ts'
import type { Aspect } from './items.ts'
import { DEFAULT_AREA_MILES, MAX_AREA_MILES, TITLE_LIMIT } from './item-limits.ts'
import type { Check, Infer } from './api/shape.ts'
import { DATA_ANSWER_FIELDS, ITEM_ANSWER_FIELDS } from './item-answer-fields.ts'
import { STAFF_ANSWER_FIELDS } from './item-staff-fields.ts'

/**
 * How a field is typed, stored and edited.
 * text: a string or null (a column of text); url: the same, checked as a web address (SPEC section 5);
 * word: a string that is never null; priority: a priority word (read by parsePriority); aspect: one of the sections; title: the trimmed title;
 * lines / list: a list of strings, stored as JSON text (lines also accepts one text, a line per row);
 * json: JSON text; template: a status template (src/lib/template.ts); route: a page route such as wa/duvall;
 * time: an ISO 8601 time; flag: true or false, stored 0 or 1; int / number: numbers; stamp: a time the
 * server sets; id: the row's id.
 */
export type FieldKind =
  | 'id'
  | 'text'
  | 'url'
  | 'word'
  | 'priority'
  | 'aspect'
  | 'title'
  | 'lines'
  | 'list'
  | 'json'
  | 'template'
  | 'route'
  | 'time'
  | 'flag'
  | 'int'
  | 'number'
  | 'stamp'

/**
 * Where the public Alert item (and the reaction) carries a field: flat, under `data`, or not at all (staff only):
 * the group of item-answer-fields.ts (or item-staff-fields.ts) that names it.
 */
export type FieldView = 'item' | 'data' | 'staff'
const PLACES = { item: ITEM_ANSWER_FIELDS, data: DATA_ANSWER_FIELDS, staff: STAFF_ANSWER_FIELDS }
type Places = typeof PLACES
/** Any field of the table. */
export type FieldName = { [V in FieldView]: keyof Places[V] }[FieldView]
type ViewOf<K extends FieldName> = { [V in FieldView]: K extends keyof Places[V] ? V : never }[FieldView]

/** The edit dialog's place for a field: its group, the row it shares, its label and hint (dictionary keys). */
export type DialogSpec = {
  /** Its place in the dialog, first to last. */
  at: number
  /** The element's id; `edit-` and the name in kebab case when absent. */
  id?: string
  group: 'item' | 'where'
  /** Fields with the same row sit side by side. */
  row?: string
  label: I18nKey
  hint?: I18nKey
  /** The label or hint for items of one section (a camera's image is its picture). */
  labels?: Partial<Record<Aspect, I18nKey>>
  hints?: Partial<Record<Aspect, I18nKey>>
  /** Characters a number's box takes (a text's box takes its `max`). */
  chars?: number
  /** Scoped staff keep their own value (read-only for them, SPEC section 6). */
  scoped?: boolean
  /** Only for items of these sections. */
  aspects?: readonly Aspect[]
}

export type FieldSpec = {
  kind: FieldKind
  /** Longest text in characters (lists: each entry), or largest number. */
  max?: number
  /** Smallest number (exclusive when `positive`). */
  min?: number
  positive?: boolean
  /** Lists: most entries. Lines given as one text: longest text. */
  entries?: number
  linesText?: number
  /** What the limit is and where it comes from: the SPEC's line when it has one. */
  limitNote?: string
  /** A new item's value (camelCase form); absent for fields the server always sets (id, lat, lon, title). */
  default?: string | number | boolean | null | readonly string[]
  /** The column when it is not the snake_case of the name ('order' is an SQL word). */
  column?: string
  /** Where the answers carry it (item-answer-fields.ts, item-staff-fields.ts). */
  view: FieldView
  /** Whether the API takes it (POST/PUT /items, POST /api/manage); the others the server sets. */
  input: boolean
  /** Whether the public view always sends null for it (staff-only data inside a public key). */
  secret?: boolean
  /** The dialog's simple form shows it; absent: only the raw JSON mode may set it. */
  dialog?: DialogSpec
}

/** A field's entry in the table: all but its place, which item-answer-fields.ts or item-staff-fields.ts gives. */
type FieldEntry = Omit<FieldSpec, 'view'>

/** The table. Limits without a SPEC line are Porchlight's own, one per field, used by the API and the dialog alike. */
const ENTRIES = {
  id: { kind: 'id', input: false },
  priority: {
    kind: 'priority',
    max: 20,
    default: 'Normal',
    input: true,
    dialog: { at: 4, group: 'item', row: 'kind', label: 'edit.priority' },
  },
  stateType: { kind: 'text', max: 40, default: null, input: true },
  state: {
    kind: 'text',
    max: 200,
    default: null,
    input: true,
    dialog: { at: 5, group: 'item', row: 'kind', label: 'edit.state' },
  },
  title: {
    kind: 'title',
    // SPEC section 5: "the title is under 200 characters | 'Title must be less than 200 characters'".
    max: TITLE_LIMIT,
    limitNote: "SPEC section 5: 'the title is under 200 characters' (after trimming)",
    input: true,
    dialog: { at: 1, group: 'item', label: 'edit.title', hint: 'edit.titleHint' },
  },
  class: { kind: 'text', max: 80, default: null, input: true },
  image: {
    kind: 'url',
    max: 2000,
    default: null,
    input: true,
    dialog: { at: 9, group: 'item', row: 'links', label: 'edit.image', labels: { cameras: 'edit.cameraImage' } },
  },
  link: {
    kind: 'url',
    max: 2000,
    default: null,
    input: true,
    dialog: { at: 8, group: 'item', row: 'links', label: 'edit.link' },
  },
  icon: { kind: 'text', max: 200, default: null, input: true },
  dataLink: { kind: 'text', max: 2000, default: null, input: true },
  dataLinkType: { kind: 'text', max: 40, default: null, input: true },
  valueChanged: { kind: 'stamp', default: null, input: false },
  retrieved: { kind: 'stamp', default: null, input: false },
  isOld: { kind: 'flag', default: false, input: false },
  dataCategory: {
    kind: 'text',
    max: 40,
    default: null,
    input: true,
    dialog: {
      at: 3,
      id: 'edit-category',
      group: 'item',
      row: 'kind',
      label: 'edit.dataCategory',
      aspects: ['statuses', 'roads', 'cameras'],
    },
  },
  category: {
    kind: 'text',
    max: 80,
    default: null,
    input: true,
    dialog: { at: 7, id: 'edit-label', group: 'item', label: 'edit.category', hint: 'edit.categoryHint' },
  },
  // SPEC section 3, the manage save payload: "DataAspect | local", "DataProperty | manager".
  dataAspect: {
    kind: 'aspect',
    default: 'local',
    input: true,
    dialog: { at: 2, id: 'edit-aspect', group: 'item', row: 'kind', label: 'edit.section' },
  },
  dataProperty: { kind: 'word', max: 40, default: 'manager', input: true },
  lat: {
    kind: 'number',
    min: -90,
    max: 90,
    input: true,
    dialog: { at: 13, group: 'where', row: 'point', label: 'edit.lat', chars: 20 },
  },
  lon: {
    kind: 'number',
    min: -180,
    max: 180,
    input: true,
    dialog: { at: 14, group: 'where', row: 'point', label: 'edit.lon', chars: 20 },
  },
  pageName: {
    kind: 'route',
    max: 120,
    default: null,
    input: true,
    dialog: {
      at: 11,
      id: 'edit-page',
      group: 'where',
      row: 'place',
      label: 'edit.pageName',
      hint: 'edit.pageHint',
      scoped: true,
    },
  },
  cityName: {
    kind: 'text',
    max: 200,
    default: null,
    input: true,
    dialog: { at: 12, id: 'edit-city', group: 'where', row: 'place', label: 'edit.cityName', scoped: true },
  },
  lines: {
    kind: 'lines',
    max: 1000,
    entries: 50,
    linesText: 20_000,
    default: [],
    input: true,
    dialog: { at: 6, group: 'item', label: 'edit.lines', hint: 'edit.linesHint' },
  },
  classes: { kind: 'list', max: 80, entries: 50, default: [], input: true },
  location: { kind: 'text', max: 300, default: null, input: true },
  status: { kind: 'text', max: 80, default: null, input: true },
  // A template's url may carry a key: the public view always says null (staff read it from their record).
  dataTemplate: { kind: 'template', max: 20_000, default: null, input: true, secret: true },
  specialData: {
    kind: 'json',
    max: 50_000,
    default: null,
    input: true,
    dialog: {
      at: 10,
      id: 'edit-special',
      group: 'item',
      label: 'edit.specialData',
      hint: 'edit.specialHint',
      hints: { roads: 'edit.specialRoadsHint' },
      aspects: ['statuses', 'roads', 'cameras'],
    },
  },
  lockResultUntil: { kind: 'time', default: null, input: true },
  // SPEC section 3, the manage save payload: "IsActive | true", "AreaMiles | 10".
  isActive: {
    kind: 'flag',
    default: true,
    input: true,
    dialog: { at: 17, id: 'edit-active', group: 'where', label: 'edit.active' },
  },
  order: {
    kind: 'int',
    min: -1_000_000,
    max: 1_000_000,
    default: 0,
    column: 'sort_order',
    input: true,
    dialog: { at: 16, group: 'where', row: 'point', label: 'edit.order', chars: 10 },
  },
  areaMiles: {
    kind: 'number',
    positive: true,
    max: MAX_AREA_MILES,
    default: DEFAULT_AREA_MILES,
    input: true,
    dialog: { at: 15, id: 'edit-area', group: 'where', row: 'point', label: 'edit.areaMiles', chars: 10 },
  },
  layer: { kind: 'int', min: 0, max: 99, default: 0, input: true },
} as const satisfies { [K in FieldName]: FieldEntry }

type Entries = typeof ENTRIES
export type ItemFieldTable = { [K in FieldName]: Entries[K] & { view: ViewOf<K> } }
type Table = ItemFieldTable
/** The table: each entry with its place, in the answer fields' order. */
export const ITEM_FIELD_TABLE = Object.fromEntries(
  (Object.keys(PLACES) as FieldView[]).flatMap((view) =>
    (Object.keys(PLACES[view]) as FieldName[]).map((name) => [name, { ...ENTRIES[name], view }]),
  ),
) as Table

/** What an answer carries for a field of each kind (the field's answer check must say the same). */
type AnswerOf<Kind extends FieldKind> = Kind extends 'id' | 'int' | 'number'
  ? number
  : Kind extends 'flag'
    ? boolean
    : Kind extends 'lines' | 'list'
      ? string[]
      : Kind extends 'priority' | 'aspect' | 'title' | 'word'
        ? string
        : string | null
type CheckOf<K extends FieldName> = { [V in FieldView]: K extends keyof Places[V] ? Places[V][K] : never }[FieldView]
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Disagrees = {
  [K in FieldName]: CheckOf<K> extends Check<unknown>
    ? Same<AnswerOf<Entries[K]['kind']>, Infer<CheckOf<K>>> extends true
      ? never
      : K
    : K
}[FieldName]
// Fails type checking naming each field whose kind and answer check disagree (a list answered as a text, say).
const kindsAgree: [Disagrees] extends [never] ? true : { disagree: Disagrees } = true
void kindsAgree

/** The fields the API takes (the permission table's fields: field-permission.ts). */
export type InputField = { [K in FieldName]: Table[K]['input'] extends true ? K : never }[FieldName]
/** The fields the dialog's simple form shows (those with a `dialog` entry). */
export type DialogField = { [K in FieldName]: Table[K] extends { dialog: object } ? K : never }[FieldName]

export const FIELD_NAMES = Object.keys(ITEM_FIELD_TABLE) as FieldName[]
const COLUMNS = Object.fromEntries(
  FIELD_NAMES.map((name) => {
    const spec: FieldSpec = ITEM_FIELD_TABLE[name]
    return [name, spec.column ?? name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)]
  }),
) as Record<FieldName, string>
export const INPUT_FIELDS = FIELD_NAMES.filter((name): name is InputField => ITEM_FIELD_TABLE[name].input)

/** A field's entry, widened to the common shape. */
export const fieldSpec = (name: FieldName): FieldSpec => ITEM_FIELD_TABLE[name]

/** snake_case of a camelCase name, in types: 'dataAspect' → 'data_aspect'. */
export type Snake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${Snake<Tail>}`
  : S
/** A field's column, in types. */
export type ColumnOf<K extends FieldName> = K extends FieldName
  ? Table[K] extends { column: infer C extends string }
    ? C
    : Snake<K>
  : never

/**
 * The database column of a field.
 * @example columnOf('dataAspect') // 'data_aspect'
 * @example columnOf('order') // 'sort_order'
 */
export function columnOf<K extends FieldName>(name: K): ColumnOf<K> {
  return COLUMNS[name] as ColumnOf<K>
}

/**
 * The manage calls' PascalCase key of a field (SPEC section 3's manage save payload), and back.
 * @example pascal('dataAspect') // 'DataAspect'
 */
export const pascal = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1)
export const camel = (key: string): string => key.charAt(0).toLowerCase() + key.slice(1)

/** How many characters the dialog's box for a field takes: a text's limit, the lines' whole text, a number's width. */
export function inputLimit(name: FieldName): number | undefined {
  const spec = fieldSpec(name)
  if (spec.kind === 'lines') return spec.linesText
  if (spec.kind === 'number' || spec.kind === 'int') return spec.dialog?.chars
  return spec.max
}

/**
 * A local business's special-data keys (SPEC section 3: category, title, service, description, phone, address,
 * lat, lon, web, fb, menu, ordering, image, hoursText, hoursM … hoursSu) and the longest value the dialog's
 * form takes for each (Porchlight's own limits: the SPEC gives none; the whole special data is `specialData`'s).
 */
export const BUSINESS_KEY_LIMITS = {
  category: 300,
  title: 300,
  service: 300,
  description: 2000,
  phone: 40,
  address: 300,
  lat: 20,
  lon: 20,
  web: 2000,
  fb: 2000,
  menu: 2000,
  ordering: 2000,
  image: 2000,
  hoursText: 300,
  hoursM: 120,
  hoursTu: 120,
  hoursW: 120,
  hoursTh: 120,
  hoursF: 120,
  hoursSa: 120,
  hoursSu: 120,
} as const

export { DEFAULT_AREA_MILES, MAX_AREA_MILES, TITLE_LIMIT }

/**
 * The SPEC's manage save payload, in its order (section 3: Id, Title, DataAspect, DataProperty, IsActive,
 * Order, AreaMiles, SpecialData, State, Priority, Link, Image, Lines): the dialog's payload starts with these.
 */
export const SPEC_PAYLOAD_ORDER: readonly InputField[] = [
  'title',
  'dataAspect',
  'dataProperty',
  'isActive',
  'order',
  'areaMiles',
  'specialData',
  'state',
  'priority',
  'link',
  'image',
  'lines',
]

/** The fields the public Alert item carries flat, and under `data`. */
export const VIEW_FIELDS = FIELD_NAMES.filter((name) => fieldSpec(name).view === 'item')
export const DATA_FIELDS = FIELD_NAMES.filter((name) => fieldSpec(name).view === 'data')
/** The fields the dialog's simple form shows, in its order. */
export const DIALOG_FIELDS = FIELD_NAMES.filter((name): name is DialogField => fieldSpec(name).dialog !== undefined).sort(
  (a, b) => (fieldSpec(a).dialog?.at ?? 0) - (fieldSpec(b).dialog?.at ?? 0),
)

/** A dialog field's element id. */
export const dialogId = (name: FieldName): string =>
  fieldSpec(name).dialog?.id ?? `edit-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
