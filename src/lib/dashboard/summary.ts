/** The dashboard's counts and nearest camera, from the same reaction data the section pages show. */
import type { AlertItem, Reaction } from '../items.ts'
import { parseBusiness, safeHttpUrl } from '../live/business.ts'
import { openState } from '../live/hours.ts'
import type { RoadEntry } from '../live/roads.ts'

export type SectionCounts = { statuses: number; cameras: number; roads: number; openNow: number }

/**
 * What each section page lists: statuses and cameras by message, roads by expanded entry (as the
 * badges count), and the businesses open at `now` in the place's own time zone (as the Local
 * page's open-now filter decides).
 * @example sectionCounts(reaction, expandRoads(reaction.roads.messages).entries, new Date(), 'America/Los_Angeles')
 */
export function sectionCounts(reaction: Reaction, roads: RoadEntry[], now: Date, timeZone: string): SectionCounts {
  // A section missing from a partial answer counts as empty, as the badges do.
  const messages = (aspect: keyof Reaction): AlertItem[] =>
    (reaction[aspect] as Reaction[keyof Reaction] | undefined)?.messages ?? []
  const openNow = messages('local').filter((item) => openState(parseBusiness(item).week, now, timeZone).state === 'open').length
  return { statuses: messages('statuses').length, cameras: messages('cameras').length, roads: roads.length, openNow }
}

export type NearestCamera = { item: AlertItem; image: string | null }

/**
 * The nearest camera, preferring one with an http(s) still (its image, else its data link, as the
 * Cameras page reads them); a nearer camera without a picture is passed over for one with. Equal
 * distances keep the API's order. null when there is no camera.
 * @example nearestCamera(reaction.cameras.messages)?.image // 'https://images.wsdot.wa.gov/nw/203vc01560.jpg'
 */
export function nearestCamera(cameras: AlertItem[]): NearestCamera | null {
  const distance = (item: AlertItem): number => (Number.isFinite(item.distance) ? item.distance : Number.POSITIVE_INFINITY)
  const candidates = cameras
    .map((item) => ({ item, image: safeHttpUrl(item.image) ?? safeHttpUrl(item.dataLink) }))
    .sort((a, b) => distance(a.item) - distance(b.item))
  return candidates.find((camera) => camera.image !== null) ?? candidates[0] ?? null
}
