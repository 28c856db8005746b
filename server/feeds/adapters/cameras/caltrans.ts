// Caltrans CWWP2 cameras (California, keyless): one JSON list per district, cctvStatusD{NN}.json.
import type { Decode } from '../../types.ts'
import { CameraBatch, attributionFrom, cleanText, coordinate, direction, httpUrl, isRecord, parseJson } from './camera.ts'

const CALTRANS = { name: 'Caltrans', url: 'https://cwwp2.dot.ca.gov/' }

/**
 * `{ data: [{ cctv: { index, location: { latitude, longitude, route, locationName, nearbyPlace, direction, district },
 * inService: "true", imageData: { static: { currentImageURL } } } }] }`. inService is a string; anything but "true" is out.
 */
export const decodeCaltrans: Decode = (body, context) => {
  const json = parseJson(body, 'a Caltrans CWWP2 camera list')
  if (!isRecord(json) || !Array.isArray(json['data'])) throw new Error('not a Caltrans CWWP2 camera list: no data array')
  const batch = new CameraBatch(attributionFrom(context.options, CALTRANS))
  json['data'].forEach((entry: unknown, index) => {
    const cctv = isRecord(entry) && isRecord(entry['cctv']) ? entry['cctv'] : null
    if (!cctv) return batch.skip(`record ${index}: no cctv object`)
    const location = isRecord(cctv['location']) ? cctv['location'] : {}
    const district = cleanText(location['district'], 4) ?? cleanText(context.options['district'], 4) ?? '?'
    const number = cleanText(cctv['index'], 40)
    const id = number ? `d${district}-${number}` : null
    if (String(cctv['inService']).trim().toLowerCase() !== 'true') return batch.skip(`camera ${id ?? index}: out of service`)
    const image = isRecord(cctv['imageData']) && isRecord(cctv['imageData']['static']) ? cctv['imageData']['static'] : {}
    const name = cleanText(location['locationName'])
    const place = cleanText(location['nearbyPlace'])
    batch.add(
      {
        id,
        title: name && place && !name.includes(place) ? `${name} (${place})` : (name ?? place),
        image: httpUrl(image['currentImageURL']),
        lat: coordinate(location['latitude'], 90),
        lon: coordinate(location['longitude'], 180),
        direction: direction(location['direction']),
        road: cleanText(location['route'], 40),
        link: null,
      },
      index,
    )
  })
  return batch.result()
}
