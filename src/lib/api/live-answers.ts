/**
 * The checks of the visitor pages' answers (the reaction, coverage), apart from the staff ones in answers.ts,
 * so a place page loads only these when its live data arrives (about 0.9 KB gzip with shape.ts). answers.ts
 * pins them to the server's types with the rest.
 */
import { DATA_ANSWER_FIELDS, ITEM_ANSWER_FIELDS, nullableText } from '../item-answer-fields.ts'
import * as shape from './shape.ts'

const { text, int } = shape
export { nullableText }
// The item's fields as the field table places them (item-answer-fields.ts): flat, and under `data`.
export const alertItem = shape.object({
  ...ITEM_ANSWER_FIELDS,
  data: shape.object(DATA_ANSWER_FIELDS),
  distance: shape.number,
  source: shape.optional(shape.nullable(shape.object({ name: text, url: nullableText }))),
  startsAt: shape.optional(nullableText),
  endsAt: shape.optional(nullableText),
  path: shape.optional(shape.array(text)),
})
const missingSource = shape.object({
  name: text,
  sources: int,
  failing: int,
  stale: int,
  waiting: int,
  lastSuccessAt: nullableText,
})
const health = shape.object({
  status: shape.oneOf(['ok', 'partial', 'down', 'none']),
  missing: shape.array(missingSource),
})
const section = shape.object({ messages: shape.array(alertItem), health: shape.optional(health) })
export const reaction = shape.object({ statuses: section, roads: section, cameras: section, local: section })

const ids = shape.array(text)
const bySection = shape.object({ statuses: ids, roads: ids, cameras: ids, local: ids })
const sourceFields = {
  id: text,
  name: text,
  section: shape.oneOf(['statuses', 'roads', 'cameras', 'local']),
  status: shape.oneOf(['ok', 'waiting', 'stale', 'failing', 'off']),
  off: shape.nullable(shape.oneOf(['key', 'inactive', 'unsupported', 'disabled'])),
  publisher: shape.object({ name: text, url: nullableText }),
  lastSuccessAt: nullableText,
}
export const coverage = shape.object({
  generatedAt: text,
  sources: shape.array(shape.object({ ...sourceFields, states: ids, items: int })),
  registries: shape.array(shape.object(sourceFields)),
  national: bySection,
  states: shape.array(shape.object({ code: text, name: text, sections: bySection })),
  unplaced: ids,
})
