// The field table (src/lib/item-fields.ts) and everything derived from it agree: the API's input schema, the defaults,
// the public view and staff record, the answers' OpenAPI schemas and the API client's checks, the dialog's fields and
// limits, the dictionaries; the SPEC's title limit is the one the server, the dialog and the table use; old migrations
// import no live code.
import { readFileSync, readdirSync } from 'node:fs'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DEFAULTS, FIELD_COLUMNS, itemInput, prepareItem } from '../../server/lib/item-input.ts'
import { publicView, toAlertItem, toRecord } from '../../server/lib/item-view.ts'
import { alertItemSchema, itemRecordSchema } from '../../server/schemas.ts'
import type { z } from '@hono/zod-openapi'
import type { Check } from '../../src/lib/api/shape.ts'
import { alertItem } from '../../src/lib/api/live-answers.ts'
import { DATA_ANSWER_FIELDS, ITEM_ANSWER_FIELDS } from '../../src/lib/item-answer-fields.ts'
import { STAFF_ANSWER_FIELDS } from '../../src/lib/item-staff-fields.ts'
import type { ItemRow } from '../../server/db/schema.ts'
import { ITEM_FIELDS, allowedPriorities, mayChange } from '../../src/lib/field-permission.ts'
import { translator } from '../../src/i18n/translate.ts'
import { ItemFields } from '../../src/islands/staff/ItemFields.tsx'
import {
  DATA_FIELDS,
  DIALOG_FIELDS,
  FIELD_NAMES,
  INPUT_FIELDS,
  TITLE_LIMIT,
  VIEW_FIELDS,
  columnOf,
  dialogId,
  fieldSpec,
  inputLimit,
  pascal,
  SPEC_PAYLOAD_ORDER,
  type FieldKind,
} from '../../src/lib/item-fields.ts'
import { itemProblems } from '../../src/lib/items.ts'
import { draftFromRecord, newDraft, toPayload } from '../../src/lib/editor/draft.ts'

const LOCALES = ['en', 'es', 'de', 'fr', 'ja', 'zh']
const dictionaries = LOCALES.map(
  (locale) => [locale, JSON.parse(readFileSync(`src/i18n/${locale}.json`, 'utf8')) as Record<string, string>] as const,
)
const spec = readFileSync('docs/spec.md', 'utf8')

const NOW = '2026-11-22T12:00:00.000Z'
const place = { lat: 47.74, lon: -121.98 }

/** A stored row with every field given a value of its kind. */
function row(): ItemRow {
  const prepared = prepareItem({ title: 'A title', ...place, pageName: 'wa/duvall', lines: ['one'], classes: ['c'] }, null, NOW)
  if (!prepared.ok) throw new Error(JSON.stringify(prepared.error))
  return {
    ...prepared.fields,
    id: 7,
    min_lat: 0,
    max_lat: 0,
    min_lon: 0,
    max_lon: 0,
    created_at: NOW,
    edit_key_hash: null,
    edit_key_expires_at: null,
    view: '',
    data_template: '{"source":"text","url":"https://x.example/?key=S","rules":[]}',
  } as ItemRow
}

describe('the title limit', () => {
  it('is the SPEC’s: under 200 characters, so 199 at most', () => {
    const line = /the title is under (\d+) characters/.exec(spec)
    expect(line, 'SPEC section 5 names the limit').not.toBeNull()
    expect(TITLE_LIMIT).toBe(Number(line![1]) - 1)
  })

  it('is the same in the server’s checks, the dialog’s box and the table', () => {
    expect(inputLimit('title')).toBe(TITLE_LIMIT)
    expect(itemProblems({ title: 'x'.repeat(TITLE_LIMIT) })).toEqual([])
    expect(itemProblems({ title: 'x'.repeat(TITLE_LIMIT + 1) })).toEqual([{ code: 'title_too_long' }])
    // Whitespace around a title is trimmed before the check (SPEC section 5 sanitising).
    expect(prepareItem({ title: ` ${'x'.repeat(TITLE_LIMIT)} `, ...place }, null, NOW).ok).toBe(true)
    const long = prepareItem({ title: 'x'.repeat(TITLE_LIMIT + 1), ...place }, null, NOW)
    expect(long.ok ? null : long.error.error).toBe('Title must be less than 200 characters')
  })
})

describe('the field table', () => {
  it('gives each field one column, derived from its name', () => {
    const columns = FIELD_NAMES.map(columnOf)
    expect(new Set(columns).size).toBe(columns.length)
    expect(columnOf('dataAspect')).toBe('data_aspect')
    expect(columnOf('lockResultUntil')).toBe('lock_result_until')
    expect(columnOf('order')).toBe('sort_order')
    for (const name of INPUT_FIELDS) expect(FIELD_COLUMNS[name]).toBe(columnOf(name))
  })

  it('is the API’s input and the permission table’s field list', () => {
    expect(Object.keys(itemInput.shape)).toEqual(INPUT_FIELDS)
    expect([...ITEM_FIELDS]).toEqual(INPUT_FIELDS)
  })

  it('limits every text field of the input to the table’s length', () => {
    for (const name of INPUT_FIELDS) {
      const { kind, max } = fieldSpec(name)
      if (!['text', 'url', 'json', 'template', 'word', 'priority'].includes(kind) || max === undefined) continue
      expect(itemInput.safeParse({ [name]: 'x'.repeat(max) }).success, name).toBe(true)
      expect(itemInput.safeParse({ [name]: 'x'.repeat(max + 1) }).success, name).toBe(false)
    }
    for (const name of INPUT_FIELDS) {
      const { kind, min, max } = fieldSpec(name)
      if ((kind !== 'number' && kind !== 'int') || max === undefined) continue
      expect(itemInput.safeParse({ [name]: max }).success, name).toBe(true)
      expect(itemInput.safeParse({ [name]: max + 1 }).success, name).toBe(false)
      if (min !== undefined) expect(itemInput.safeParse({ [name]: min - 1 }).success, name).toBe(false)
    }
  })

  it('gives a new item the SPEC’s defaults, as columns', () => {
    expect(DEFAULTS).toEqual({
      data_aspect: 'local',
      data_property: 'manager',
      data_category: null,
      category: null,
      priority: 'Normal',
      state_type: null,
      state: null,
      class: null,
      lines: '[]',
      classes: '[]',
      location: null,
      status: null,
      data_template: null,
      special_data: null,
      lock_result_until: null,
      image: null,
      link: null,
      icon: null,
      data_link: null,
      data_link_type: null,
      value_changed: null,
      retrieved: null,
      is_old: 0,
      is_active: 1,
      sort_order: 0,
      area_miles: 10,
      page_name: null,
      city_name: null,
      layer: 0,
      is_demo: 0,
      next_fetch_at: null,
      fetch_error: null,
    })
    const draft = newDraft({ aspect: 'statuses' })
    expect(toPayload(draft)).toMatchObject({
      DataProperty: 'manager',
      IsActive: true,
      Order: 0,
      AreaMiles: 10,
      Priority: 'Normal',
    })
  })

  it('writes the public view and the staff record from its fields, in its order, the template never public', () => {
    const stored = row()
    const view = JSON.parse(publicView(stored)) as Record<string, unknown> & { data: Record<string, unknown> }
    expect(Object.keys(view)).toEqual([...VIEW_FIELDS, 'data', 'source', 'startsAt', 'endsAt'])
    expect(Object.keys(view.data)).toEqual(DATA_FIELDS)
    expect(view.data['dataTemplate']).toBeNull()
    expect(view).toMatchObject({
      id: 7,
      title: 'A title',
      isOld: false,
      pageName: 'wa/duvall',
      data: { lines: ['one'], classes: ['c'] },
    })
    const record = toRecord(stored)
    const staff = FIELD_NAMES.filter((name) => fieldSpec(name).view === 'staff')
    expect(Object.keys(record).slice(0, VIEW_FIELDS.length + DATA_FIELDS.length + staff.length)).toEqual([
      ...VIEW_FIELDS,
      ...DATA_FIELDS,
      ...staff,
    ])
    expect(record).toMatchObject({ isActive: true, order: 0, areaMiles: 10, layer: 0 })
    expect(record.dataTemplate).toContain('key=S')
    // Every field the API takes is one the staff read back.
    for (const name of INPUT_FIELDS) expect(record, name).toHaveProperty(name)
  })

  it('labels each dialog field in all six languages and gives its box the table’s limit', () => {
    const ids = DIALOG_FIELDS.map(dialogId)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toContain('edit-title')
    for (const name of DIALOG_FIELDS) {
      const dialog = fieldSpec(name).dialog!
      const keys = [dialog.label, dialog.hint, ...Object.values(dialog.labels ?? {}), ...Object.values(dialog.hints ?? {})]
      for (const key of keys.filter((key) => key !== undefined))
        for (const [locale, dictionary] of dictionaries) expect(dictionary[key], `${locale} ${key}`).toBeTruthy()
      expect(fieldSpec(name).input, name).toBe(true)
      // Every typed box has a limit (selects and the checkbox have none).
      if (!['aspect', 'priority', 'flag'].includes(fieldSpec(name).kind)) expect(inputLimit(name), name).toBeDefined()
    }
  })

  it('carries each dialog field from a record into the form and back into the save payload, SPEC order first', () => {
    const stored = { ...toRecord(row()), dataAspect: 'statuses' }
    const draft = draftFromRecord(stored)
    const fresh = newDraft({ aspect: 'statuses' })
    for (const name of DIALOG_FIELDS) {
      expect(fresh, name).toHaveProperty(name)
      expect(String(draft[name as keyof typeof draft]), name).toBe(
        Array.isArray(stored[name]) ? stored[name].join('\n') : String(stored[name] ?? ''),
      )
    }
    const payload = toPayload(draft)
    const others = DIALOG_FIELDS.filter((name) => !(SPEC_PAYLOAD_ORDER as readonly string[]).includes(name))
    expect(Object.keys(payload)).toEqual(['Id', ...SPEC_PAYLOAD_ORDER.map(pascal), ...others.map(pascal), 'DataTemplate'])
    for (const name of DIALOG_FIELDS) {
      const sent = payload[pascal(name)]
      expect(sent === '' ? null : sent, name).toEqual(stored[name] === '' ? null : stored[name])
    }
  })

  it('draws each dialog field the user may change from its table entry: id, label, limit', () => {
    const t = translator(dictionaries[0]![1], 'en')
    const draw = (role: 'superadmin' | 'one', aspect: 'statuses' | 'local') =>
      renderToStaticMarkup(
        createElement(ItemFields, {
          draft: newDraft({ aspect }),
          set: () => undefined,
          errors: {},
          t,
          canMove: true,
          may: (field) => mayChange(role, field),
          priorities: allowedPriorities(role),
        }),
      )
    const staff = draw('superadmin', 'statuses')
    for (const name of DIALOG_FIELDS) {
      const { dialog } = fieldSpec(name)
      expect(staff, name).toContain(`<label for="${dialogId(name)}">${t(dialog!.label)}</label>`)
      const limit = inputLimit(name)
      // Selects (section, category, priority) offer fixed words; every box typed into has the table's limit.
      if (limit !== undefined && !staff.includes(`<select id="${dialogId(name)}"`))
        expect(staff, name).toMatch(new RegExp(`id="${dialogId(name)}" maxLength="${limit}"`))
    }
    // An owner sees only what the permission table lets it change; a business has no special-data box of its own.
    const owner = draw('one', 'local')
    expect(DIALOG_FIELDS.filter((name) => owner.includes(`id="${dialogId(name)}"`))).toEqual(['title', 'link', 'image'])
  })

  it('gives the dialog’s boxes the limits the server takes', () => {
    const source = readFileSync('src/islands/staff/ItemFields.tsx', 'utf8')
    // No number typed into the dialog: every maxLength comes from the table.
    expect(source).not.toMatch(/maxLength=\{\d/)
    const business = readFileSync('src/islands/staff/BusinessFields.tsx', 'utf8')
    expect(business).not.toMatch(/maxLength(=\{|: )\d/)
  })
})

describe('the answers’ fields', () => {
  /** What an answer may carry for a field of each kind: a sample of each type, and which of them fit. */
  const SAMPLES = { whole: 3, fraction: 1.5, flag: true, word: 'x', none: null, list: ['x'] }
  type Sample = keyof typeof SAMPLES
  const FITS: Record<FieldKind, Sample[]> = {
    id: ['whole'],
    int: ['whole'],
    number: ['whole', 'fraction'],
    flag: ['flag'],
    lines: ['list'],
    list: ['list'],
    priority: ['word'],
    aspect: ['word'],
    title: ['word'],
    word: ['word'],
    text: ['word', 'none'],
    url: ['word', 'none'],
    json: ['word', 'none'],
    template: ['word', 'none'],
    route: ['word', 'none'],
    time: ['word', 'none'],
    stamp: ['word', 'none'],
  }
  const record = itemRecordSchema.shape as Record<string, z.ZodType>
  const checks: Record<string, Check<unknown>> = { ...ITEM_ANSWER_FIELDS, ...DATA_ANSWER_FIELDS, ...STAFF_ANSWER_FIELDS }

  it('are the table’s, in its order, in the OpenAPI document’s schemas and the API client’s checks', () => {
    expect(Object.keys(alertItemSchema.shape)).toEqual([
      ...VIEW_FIELDS,
      'data',
      'distance',
      'source',
      'startsAt',
      'endsAt',
      'path',
    ])
    expect(Object.keys(alertItemSchema.shape.data.shape)).toEqual(DATA_FIELDS)
    expect(Object.keys(record).slice(0, FIELD_NAMES.length)).toEqual(FIELD_NAMES)
    expect(Object.keys(checks)).toEqual(FIELD_NAMES)
  })

  it('are typed by each field’s kind, alike in the OpenAPI schema and the API client’s check', () => {
    for (const name of FIELD_NAMES) {
      const { kind } = fieldSpec(name)
      for (const [sample, value] of Object.entries(SAMPLES)) {
        const fits = FITS[kind].includes(sample as Sample)
        expect(record[name]!.safeParse(value).success, `${name} (${kind}) schema, ${sample}`).toBe(fits)
        expect(checks[name]!(value), `${name} (${kind}) check, ${sample}`).toBe(fits)
      }
    }
  })

  it('let a public item the server writes through the visitor pages’ check, and nothing with a field mistyped', () => {
    const item = toAlertItem(row(), 1.2)
    expect(alertItem(item)).toBe(true)
    for (const name of VIEW_FIELDS)
      expect(alertItem({ ...item, [name]: FITS[fieldSpec(name).kind].includes('list') ? 'x' : ['x'] }), name).toBe(false)
    for (const name of DATA_FIELDS) expect(alertItem({ ...item, data: { ...item.data, [name]: 3 } }), name).toBe(false)
  })
})

describe('old migrations', () => {
  it('import no live code (they are frozen: a later change to the code cannot change them)', () => {
    const folder = 'server/db/migrations'
    for (const file of readdirSync(folder)) {
      const text = readFileSync(`${folder}/${file}`, 'utf8')
      const imports = [...text.matchAll(/^import (type )?.*from '([^']+)'/gm)]
      for (const [, type, path] of imports)
        // Node's built-ins and published packages (kysely, the polyline format's codec in 024) are versioned
        // apart from the project; the project's own modules (outside this folder) are not.
        if (!type && /^(\.\.\/|\/|src\/|server\/)/.test(path!)) expect.fail(`${file} imports ${path}`)
    }
  })
})
