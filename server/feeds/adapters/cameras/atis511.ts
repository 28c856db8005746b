// The 511 platform API many state 511 sites share: /api/getcameras?key=...&format=json (v1 flat, v2 with Views).
import type { Decode } from '../../types.ts'
import { CameraBatch, attributionFrom, cleanText, coordinate, direction, httpUrl, isRecord, parseJson } from './camera.ts'

const truthy = (value: unknown): boolean => value === true || value === 1 || String(value).toLowerCase() === 'true'

/** The first view that is not disabled and has an http(s) image. */
function firstView(views: unknown): { id: string | null; image: string | null } {
  if (!Array.isArray(views)) return { id: null, image: null }
  for (const view of views) {
    if (!isRecord(view)) continue
    const status = cleanText(view['Status'], 20)?.toLowerCase()
    const image = httpUrl(view['Url'])
    if (image && status !== 'disabled' && !truthy(view['Disabled']) && !truthy(view['Blocked']))
      return { id: cleanText(view['Id'], 40), image }
  }
  return { id: null, image: null }
}

/**
 * v1: `[{ ID, Name, DirectionOfTravel, RoadwayName, Url, Disabled, Blocked, Latitude, Longitude }]`;
 * v2: `[{ Id, Location, Roadway, Direction, Latitude, Longitude, Views: [{ Id, Url, Status }] }]`.
 * A disabled or blocked camera, or one whose views are all disabled, is out of service.
 */
export const decodeAtis511: Decode = (body, context) => {
  const json = parseJson(body, 'a 511 camera list')
  if (!Array.isArray(json)) throw new Error('not a 511 camera list: expected an array')
  const publisher = cleanText(context.options['publisher'], 120) ?? '511'
  const batch = new CameraBatch(attributionFrom(context.options, { name: publisher, url: null }))
  json.forEach((camera: unknown, index) => {
    if (!isRecord(camera)) return batch.skip(`record ${index}: not an object`)
    const id = cleanText(camera['ID'] ?? camera['Id'], 40)
    if (truthy(camera['Disabled']) || truthy(camera['Blocked'])) return batch.skip(`camera ${id ?? index}: disabled`)
    const hasViews = Array.isArray(camera['Views'])
    const view = firstView(camera['Views'])
    const image = hasViews ? view.image : httpUrl(camera['Url'])
    if (hasViews && !image) return batch.skip(`camera ${id ?? index}: no enabled view`)
    batch.add(
      {
        id,
        title: cleanText(camera['Name']) ?? cleanText(camera['Location']),
        image,
        lat: coordinate(camera['Latitude'], 90),
        lon: coordinate(camera['Longitude'], 180),
        direction: direction(camera['DirectionOfTravel'] ?? camera['Direction']),
        road: cleanText(camera['RoadwayName'] ?? camera['Roadway'], 60),
        link: null,
      },
      index,
    )
  })
  return batch.result()
}
