// Any other JSON or GeoJSON list of cameras, mapped in the feed configuration: no code per publisher.
import type { Decode } from '../../types.ts'
import { CameraBatch, attributionFrom, cleanText, coordinate, direction, httpUrl, isRecord, parseJson } from './camera.ts'

/** The fields a mapping may name; each value is a dotted path inside one record ('location.lat', 'geometry.coordinates.1'). */
export const MAPPED_FIELDS = ['id', 'title', 'image', 'lat', 'lon', 'direction', 'road', 'link', 'inService'] as const
export type CameraMapping = {
  /** Dotted path to the list in the body; '' or missing is the body itself, or its `features` for GeoJSON. */
  list: string
  fields: Partial<Record<(typeof MAPPED_FIELDS)[number], string>>
  /** The value(s) of fields.inService that mean "in service" (compared as text, case-insensitive). Default: true. */
  inServiceValues: string[]
}

/**
 * Reads a dotted path; array indexes are numbers ('views.0.url').
 * @example readPath({ a: { b: [1, 2] } }, 'a.b.1') // 2
 */
export function readPath(value: unknown, path: string): unknown {
  let current = value
  for (const key of path.split('.').filter(Boolean)) {
    if (Array.isArray(current) && /^\d+$/.test(key)) current = current[Number(key)]
    else if (isRecord(current) && Object.hasOwn(current, key)) current = current[key]
    else return undefined
  }
  return current
}

/** The mapping from the feed's options, checked, so a typo fails the feed with a clear error instead of an empty list. */
export function readMapping(options: Record<string, unknown>): CameraMapping {
  const fields = isRecord(options['fields']) ? options['fields'] : null
  if (!fields) throw new Error('camera mapping: options.fields is missing')
  const mapped: CameraMapping['fields'] = {}
  for (const [name, path] of Object.entries(fields)) {
    if (!(MAPPED_FIELDS as readonly string[]).includes(name)) throw new Error(`camera mapping: unknown field "${name}"`)
    if (typeof path !== 'string' || !path.trim()) throw new Error(`camera mapping: field "${name}" needs a path`)
    mapped[name as (typeof MAPPED_FIELDS)[number]] = path.trim()
  }
  if (!mapped.id || !mapped.image) throw new Error('camera mapping: fields.id and fields.image are required')
  const values = options['inServiceValue']
  const inServiceValues = (Array.isArray(values) ? values : [values ?? true]).map((value) => String(value).toLowerCase())
  return { list: typeof options['list'] === 'string' ? options['list'] : '', fields: mapped, inServiceValues }
}

/** The Point of a GeoJSON feature, when the mapping names no lat/lon. */
function featurePoint(record: Record<string, unknown>): [unknown, unknown] {
  const geometry = isRecord(record['geometry']) ? record['geometry'] : null
  const point = geometry?.['type'] === 'Point' && Array.isArray(geometry['coordinates']) ? geometry['coordinates'] : []
  return [point[1], point[0]]
}

export const decodeGenericCameras: Decode = (body, context) => {
  const mapping = readMapping(context.options)
  const json = parseJson(body, 'a camera list')
  let list = readPath(json, mapping.list)
  if (!mapping.list && isRecord(list) && Array.isArray(list['features'])) list = list['features']
  if (!Array.isArray(list)) throw new Error(`camera mapping: no list at "${mapping.list || '(body)'}"`)
  const { fields } = mapping
  const publisher = { name: cleanText(context.options['publisher'], 120) ?? context.feedId, url: null }
  const batch = new CameraBatch(attributionFrom(context.options, publisher))
  list.forEach((record: unknown, index) => {
    if (!isRecord(record)) return batch.skip(`record ${index}: not an object`)
    const field = (name: keyof CameraMapping['fields']): unknown => (fields[name] ? readPath(record, fields[name]) : undefined)
    const id = cleanText(field('id'), 120)
    if (fields.inService) {
      const state = String(field('inService')).toLowerCase()
      if (!mapping.inServiceValues.includes(state)) return batch.skip(`camera ${id ?? index}: out of service`)
    }
    const [pointLat, pointLon] = featurePoint(record)
    batch.add(
      {
        id,
        title: cleanText(field('title')),
        image: httpUrl(field('image')),
        lat: coordinate(fields.lat ? field('lat') : pointLat, 90),
        lon: coordinate(fields.lon ? field('lon') : pointLon, 180),
        direction: direction(field('direction')),
        road: cleanText(field('road'), 60),
        link: httpUrl(field('link')),
      },
      index,
    )
  })
  return batch.result()
}
