// The public items of a place, exactly as its live sections show them: the reaction's answer for the city's
// point and route (server/lib/reaction.ts), for everyone (layer 0), with each item's last write time.
import type { City } from '../../src/lib/cities.ts'
import type { AlertItem } from '../../src/lib/items.ts'
import { cellsForPoint } from '../db/queries/grid.ts'
import type { Db } from '../db/index.ts'
import { reactionBody } from '../lib/reaction.ts'
import { cellCandidates, pageCandidates, syncLists, type Candidate } from '../lib/reaction-cells.ts'

/** The sections a place can be followed by: the ones whose items carry news (cameras and businesses do not). */
export const FOLLOWED_SECTIONS = ['statuses', 'roads'] as const
export type FollowedSection = (typeof FOLLOWED_SECTIONS)[number]

export type PlaceItem = AlertItem & { updatedAt: string }

/** The candidate lists a place's items come from: the same arrays until an item in them changes (reaction-cells.ts). */
export type PlaceLists = readonly (readonly Candidate[])[]

/** The place's lists (its page's own items, then each cell around its point), brought up to date with every write. */
export async function placeLists(db: Db, city: City & { route: string }): Promise<PlaceLists> {
  await syncLists(db)
  return Promise.all([
    pageCandidates(db, city.route),
    ...cellsForPoint(city.lat, city.lon).map((cell) => cellCandidates(db, cell)),
  ])
}

/** The place's items in one section, most pressing first, as the live section lists them. */
export function itemsOfLists(lists: PlaceLists, city: City, section: FollowedSection, now: Date): PlaceItem[] {
  const [ofPage = [], ...cells] = lists
  const updated = new Map<number, string>()
  for (const item of [...ofPage, ...cells.flat()]) updated.set(item.id, item.updatedAt)
  const body = reactionBody(city.lat, city.lon, cells, ofPage, 0, now.toISOString())
  const answer = JSON.parse(body.toString()) as Record<FollowedSection, { messages: AlertItem[] }>
  return answer[section].messages.map((item) => ({ ...item, updatedAt: updated.get(item.id) ?? now.toISOString() }))
}
