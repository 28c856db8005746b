/**
 * The checks of the visitor pages' answers (the reaction, coverage), apart from the staff ones in answers.ts,
 * so a place page loads only these when its live data arrives (about 0.9 KB gzip with shape.ts). answers.ts
 * pins them to the server's types with the rest.
 */
import * as shape from './shape.ts'

const { text, int } = shape
export const nullableText = shape.nullable(shape.text)

export const itemFields = {
  id: int,
  priority: text,
  stateType: nullableText,
  state: nullableText,
  title: text,
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
  dataAspect: text,
  dataProperty: text,
  lat: shape.number,
  lon: shape.number,
  pageName: nullableText,
  cityName: nullableText,
}
export const dataFields = {
  lines: shape.array(text),
  classes: shape.array(text),
  location: nullableText,
  status: nullableText,
  dataTemplate: nullableText,
  specialData: nullableText,
  lockResultUntil: nullableText,
}
export const alertItem = shape.object({
  ...itemFields,
  data: shape.object(dataFields),
  distance: shape.number,
  source: shape.optional(shape.nullable(shape.object({ name: text, url: nullableText }))),
  startsAt: shape.optional(nullableText),
  endsAt: shape.optional(nullableText),
})
const section = shape.object({ messages: shape.array(alertItem) })
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
