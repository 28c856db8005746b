// Where the API's answers carry each item field, and as what, apart from the field table (item-fields.ts) that adds
// the rest of each field (kind, limit, default, input, dialog) and takes its place from here (the staff-only
// fields' from item-staff-fields.ts). The visitor pages'
// answer checks (api/live-answers.ts) read only this, as item-limits.ts keeps the limits they need: the whole table
// in the live script cost 1.2 KB gzip, over the size budget. Each field's check is a shape.ts check, the API client's
// own; the OpenAPI document's zod schema (server/schemas.ts) is derived from it, so neither lists the fields again.
// The type check in item-fields.ts holds each check to its field's kind.
import * as shape from './api/shape.ts'

export const nullableText = shape.nullable(shape.text)
export const textList = shape.array(shape.text)

/**
 * The fields the public Alert item and the staff record both carry flat. The order is the SPEC's Alert item
 * (section 3: id, priority, stateType, state, title, class, image, link, icon, dataLink, dataLinkType,
 * valueChanged, retrieved, isOld, dataCategory, category, dataAspect, dataProperty), then what Porchlight adds
 * to it; then `DATA_ANSWER_FIELDS`, then the staff record's own (item-staff-fields.ts): the field table, the
 * public view, the record and the OpenAPI document follow it.
 */
export const ITEM_ANSWER_FIELDS = {
  id: shape.int,
  priority: shape.text,
  stateType: nullableText,
  state: nullableText,
  title: shape.text,
  class: nullableText,
  image: nullableText,
  link: nullableText,
  icon: nullableText,
  dataLink: nullableText,
  dataLinkType: nullableText,
  valueChanged: nullableText,
  retrieved: nullableText,
  isOld: shape.boolean,
  dataCategory: nullableText,
  category: nullableText,
  dataAspect: shape.text,
  dataProperty: shape.text,
  lat: shape.number,
  lon: shape.number,
  pageName: nullableText,
  cityName: nullableText,
}

/** The fields the Alert item keeps under `data` and the staff record keeps flat. */
export const DATA_ANSWER_FIELDS = {
  lines: textList,
  classes: textList,
  location: nullableText,
  status: nullableText,
  dataTemplate: nullableText,
  specialData: nullableText,
  lockResultUntil: nullableText,
}
