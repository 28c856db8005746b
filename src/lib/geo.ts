/** Earth radius used for every distance in the product (SPEC section 9). */
export const EARTH_RADIUS_KM = 6371

const rad = (deg: number): number => (deg * Math.PI) / 180

/**
 * Great-circle distance in kilometres (haversine).
 * @example haversineKm(47.74, -121.99, 47.61, -122.33) // ≈ 29
 */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1)
  const dLon = rad(lon2 - lon1)
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** Rounds a coordinate to 2 decimals, the precision of every stored or sent point. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100
}

/**
 * The key a map point is followed by (notifications, issue 38): its page's path, rounded as coordPath() rounds it.
 * Here, beside round2, because the "Notify me" button's small script takes it (this module is in the pages' code).
 * @example pointKey(47.74232, -121.98568) // 'z/47.74/-121.99'
 */
export const pointKey = (lat: number, lon: number): string => `z/${round2(lat)}/${round2(lon)}`

export type Point = { lat: number; lon: number }

/**
 * Parses untrusted latitude and longitude text (from a URL) into a point.
 * @example parsePoint('47.74', '-121.99') // { lat: 47.74, lon: -121.99 }
 */
export function parsePoint(lat: string, lon: string): Point | null {
  const number = /^[-+]?(\d{1,3}(\.\d*)?|\.\d+)$/
  if (!number.test(lat) || !number.test(lon)) return null
  const point = { lat: Number(lat), lon: Number(lon) }
  if (Math.abs(point.lat) > 90 || Math.abs(point.lon) > 180) return null
  return point
}
