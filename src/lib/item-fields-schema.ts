/**
 * The API's item input, derived from the field table (item-fields.ts): every field the API takes, all
 * optional (a save may send only what changed), each with the table's limit. The server validates with
 * it (server/lib/item-input.ts names it ItemInput for the OpenAPI document); the title's SPEC check
 * (under 200 characters after trimming) is itemProblems' (items.ts), so its message is the SPEC's.
 */
import { z } from 'zod'
import { INPUT_FIELDS, fieldSpec, type FieldSpec, type InputField, type ItemFieldTable } from './item-fields.ts'
import { BAD_CHARS_MESSAGE, hasBadChars } from './item-text.ts'
import { ASPECTS } from './items.ts'
import { ROUTE_PATTERN } from './routing/slug.ts'

const limit = (spec: FieldSpec): number => spec.max ?? Number.MAX_SAFE_INTEGER

/** Staff's text up to a length, without characters an Atom feed cannot carry (item-text.ts). */
const plain = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !hasBadChars(value), BAD_CHARS_MESSAGE)

function numberSchema(spec: FieldSpec, whole: boolean) {
  let schema = whole ? z.number().int() : z.number()
  if (spec.positive) schema = schema.positive()
  if (spec.min !== undefined) schema = schema.min(spec.min)
  if (spec.max !== undefined) schema = schema.max(spec.max)
  return schema.optional()
}

const text = (spec: FieldSpec) => plain(limit(spec)).nullable().optional()

/** A field's schema, by its kind. */
const BY_KIND = {
  aspect: () => z.enum(ASPECTS).optional(),
  title: () => plain(Number.MAX_SAFE_INTEGER).optional(),
  word: (spec: FieldSpec) => plain(limit(spec)).optional(),
  priority: (spec: FieldSpec) => plain(limit(spec)).optional(),
  lines: (spec: FieldSpec) =>
    z
      .union([z.array(plain(limit(spec))).max(spec.entries ?? 0), plain(spec.linesText ?? 0)])
      .transform((value) => (typeof value === 'string' ? value.split('\n') : value))
      .transform((list) => list.map((line) => line.trimEnd()).filter(Boolean))
      .optional(),
  list: (spec: FieldSpec) =>
    z
      .array(plain(limit(spec)))
      .max(spec.entries ?? 0)
      .optional(),
  time: () => z.iso.datetime({ offset: true }).nullable().optional(),
  flag: () => z.boolean().optional(),
  int: (spec: FieldSpec) => numberSchema(spec, true),
  number: (spec: FieldSpec) => numberSchema(spec, false),
  route: (spec: FieldSpec) =>
    z
      .string()
      .trim()
      .toLowerCase()
      .max(limit(spec))
      .regex(ROUTE_PATTERN, 'must be a page route such as wa/duvall')
      .nullable()
      .optional(),
  text,
  url: text,
  json: text,
  template: text,
}

type Kinds = keyof typeof BY_KIND

export type ItemInputShape = { [K in InputField]: ReturnType<(typeof BY_KIND)[ItemFieldTable[K]['kind'] & Kinds]> }

/** Every writable field's schema, in the table's order. */
export const itemInputShape = Object.fromEntries(
  INPUT_FIELDS.map((name) => {
    const spec = fieldSpec(name)
    const make = BY_KIND[spec.kind as Kinds] as (spec: FieldSpec) => unknown
    return [name, make(spec)]
  }),
) as ItemInputShape
