// WSDOT Highway Cameras (Washington): GetCamerasAsJson?AccessCode=..., a flat array of cameras.
import type { Decode } from '../../types.ts'
import { CameraBatch, attributionFrom, cleanText, coordinate, direction, httpUrl, isRecord, parseJson } from './camera.ts'

const WSDOT = { name: 'WSDOT', url: 'https://wsdot.com/travel/real-time/map/' }
const CAMERA_PAGE = 'https://wsdot.com/travel/real-time/map/?featuretype=camera&featureid='

/**
 * `[{ CameraID, Title, ImageURL, IsActive, DisplayLatitude, DisplayLongitude, CameraLocation: { RoadName, Direction,
 * Latitude, Longitude } }]`. Inactive cameras are dropped; the display position wins over the survey one.
 */
export const decodeWsdot: Decode = (body, context) => {
  const json = parseJson(body, 'a WSDOT camera list')
  if (!Array.isArray(json)) throw new Error('not a WSDOT camera list: expected an array')
  const batch = new CameraBatch(attributionFrom(context.options, WSDOT))
  json.forEach((camera: unknown, index) => {
    if (!isRecord(camera)) return batch.skip(`record ${index}: not an object`)
    const id = cleanText(camera['CameraID'], 40)
    if (camera['IsActive'] !== true) return batch.skip(`camera ${id ?? index}: not active`)
    const location = isRecord(camera['CameraLocation']) ? camera['CameraLocation'] : {}
    const owner = cleanText(camera['CameraOwner'], 80)
    batch.add(
      {
        id,
        title: cleanText(camera['Title']) ?? cleanText(location['Description']),
        image: httpUrl(camera['ImageURL']),
        lat: coordinate(camera['DisplayLatitude'], 90) || coordinate(location['Latitude'], 90),
        lon: coordinate(camera['DisplayLongitude'], 180) || coordinate(location['Longitude'], 180),
        direction: direction(location['Direction']),
        road: cleanText(location['RoadName'], 40),
        // Partner cameras (cities, ODOT) link to their owner's page; WSDOT's own to its map.
        link: (owner && httpUrl(camera['OwnerURL'])) || (id ? `${CAMERA_PAGE}${encodeURIComponent(id)}` : null),
      },
      index,
    )
  })
  return batch.result()
}
