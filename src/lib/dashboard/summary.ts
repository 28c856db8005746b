/** The dashboard's counts and nearest camera, from the same reaction data the section pages show. */
import type { AlertItem, Reaction } from '../items.ts'
import type { RoadEntry } from '../live/roads.ts'
import { safeHttpUrl } from '../safe-url.ts'

export type SectionCounts = { statuses: number; cameras: number; roads: number }

/** A section's messages; a section missing from a partial answer counts as empty, as the badges do. */
export const sectionMessages = (reaction: Reaction, aspect: keyof Reaction): AlertItem[] =>
  (reaction[aspect] as Reaction[keyof Reaction] | undefined)?.messages ?? []

/**
 * What each section page lists: statuses and cameras by message, roads by expanded entry (as the
 * badges count). The businesses open now are counted by open-now.ts, loaded after (it brings the
 * opening-hours parser).
 * @example sectionCounts(reaction, expandRoads(reaction.roads.messages).entries).roads // 3
 */
export function sectionCounts(reaction: Reaction, roads: RoadEntry[]): SectionCounts {
  return {
    statuses: sectionMessages(reaction, 'statuses').length,
    cameras: sectionMessages(reaction, 'cameras').length,
    roads: roads.length,
  }
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
