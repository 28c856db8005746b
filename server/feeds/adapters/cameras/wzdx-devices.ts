// WZDx Device Feeds: FieldDeviceFeature of device_type "camera" (Camera object: core_details, image_url).
import type { Decode } from '../../types.ts'
import { CameraBatch, attributionFrom, cleanText, coordinate, direction, httpUrl, isRecord, parseJson } from './camera.ts'

/** Device status "error" means the device cannot do its job; ok, warning and unknown still show their picture. */
const OUT_OF_SERVICE = new Set(['error'])

/**
 * A DeviceFeed FeatureCollection: `feed_info.publisher`, features with a Point geometry and
 * `properties: { core_details: { device_type, device_status, name, road_names, road_direction }, image_url }`.
 */
export const decodeWzdxCameras: Decode = (body, context) => {
  const json = parseJson(body, 'a WZDx device feed')
  if (!isRecord(json) || !Array.isArray(json['features'])) throw new Error('not a WZDx device feed: no features array')
  const info = isRecord(json['feed_info']) ? json['feed_info'] : {}
  const publisher = cleanText(info['publisher'], 120) ?? 'WZDx device feed'
  const batch = new CameraBatch(attributionFrom(context.options, { name: publisher, url: null }))
  json['features'].forEach((feature: unknown, index) => {
    const properties = isRecord(feature) && isRecord(feature['properties']) ? feature['properties'] : null
    const core = properties && isRecord(properties['core_details']) ? properties['core_details'] : null
    if (!core || !isRecord(feature)) return batch.skip(`record ${index}: no core_details`)
    // Arrow boards, signs and sensors share the feed; only cameras belong here, and they are not errors.
    if (core['device_type'] !== 'camera') return
    const id = cleanText(feature['id'], 120)
    // Out of service is a valid record meaning "not shown", not a bad one: a feed whose only camera is down
    // is a healthy feed with no cameras, and the camera leaves the answer (issue 22).
    if (OUT_OF_SERVICE.has(String(core['device_status']))) return
    const geometry = isRecord(feature['geometry']) ? feature['geometry'] : {}
    const point = geometry['type'] === 'Point' && Array.isArray(geometry['coordinates']) ? geometry['coordinates'] : []
    const roads = Array.isArray(core['road_names']) ? core['road_names'].map((road) => cleanText(road, 60)).filter(Boolean) : []
    batch.add(
      {
        id,
        title: cleanText(core['name']) ?? cleanText(core['description']),
        image: httpUrl(properties?.['image_url']),
        lat: coordinate(point[1], 90),
        lon: coordinate(point[0], 180),
        direction: direction(core['road_direction']),
        road: roads.join(' / ') || null,
        link: null,
      },
      index,
    )
  })
  return batch.result()
}
