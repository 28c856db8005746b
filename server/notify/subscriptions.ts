// Subscription rows: created with a random id and secret (only its hash is kept), read, changed and deleted by whoever
// holds the secret. Knowing an endpoint is owning it (push services make them unguessable), so subscribing an
// endpoint again replaces its row.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { priorityRank } from '../../src/lib/items.ts'
import { minutesOf, timeOf, type NotifyPrefs, type PlacePrefs } from '../../src/lib/notify/prefs.ts'
import type { Db } from '../db/index.ts'
import { followedPlace } from '../lib/cities.ts'
import { PRIORITIES } from '../../src/lib/items.ts'
import {
  deleteSubscriptionRow,
  endpointOf,
  insertSubscription,
  secretHashOf,
  subscriptionOf,
  subscriptionsPerPlace,
  updateSubscriptionRows,
} from '../db/queries/notify-subscriptions.ts'

export type PushKeys = { endpoint: string; keys: { p256dh: string; auth: string } }

const hash = (secret: string): string => createHash('sha256').update(secret).digest('base64url')

/** The place rows of preferences; the index of the first unknown place when there is one. */
function placeRows(id: string, prefs: NotifyPrefs) {
  const rows = []
  for (const [index, place] of prefs.places.entries()) {
    const city = followedPlace(place.place)
    if (!city) return { unknown: index }
    rows.push({
      subscription_id: id,
      place: city.route,
      lat: city.lat,
      lon: city.lon,
      timezone: city.timezone,
      sections: place.sections.join(','),
      min_rank: priorityRank(place.minPriority),
      quiet_start: place.quiet ? minutesOf(place.quiet.start) : null,
      quiet_end: place.quiet ? minutesOf(place.quiet.end) : null,
    })
  }
  return { rows }
}

export type Saved = { ok: true; id: string; secret?: string } | { ok: false; unknownPlace: number }

/** Creates (or replaces, for the same endpoint) a subscription; the secret is given once. */
export async function createSubscription(db: Db, push: PushKeys, prefs: NotifyPrefs, now: Date): Promise<Saved> {
  const id = randomBytes(16).toString('base64url')
  const secret = randomBytes(24).toString('base64url')
  const places = placeRows(id, prefs)
  if ('unknown' in places) return { ok: false, unknownPlace: places.unknown }
  const stamp = now.toISOString()
  await insertSubscription(
    db,
    {
      id,
      secret_hash: hash(secret),
      endpoint: push.endpoint,
      p256dh: push.keys.p256dh,
      auth: push.keys.auth,
      lang: prefs.lang,
      created_at: stamp,
      updated_at: stamp,
      last_sent_at: null,
    },
    places.rows,
  )
  return { ok: true, id, secret }
}

/** True when `secret` opens subscription `id` (compared in constant time). */
export async function owns(db: Db, id: string, secret: string | null): Promise<boolean> {
  if (!secret || secret.length > 100) return false
  const secretHash = await secretHashOf(db, id)
  if (secretHash === null) return false
  const given = Buffer.from(hash(secret))
  const kept = Buffer.from(secretHash)
  return given.length === kept.length && timingSafeEqual(given, kept)
}

/** Whether `push` names another endpoint than the subscription's: a new destination, limited like a subscribe. */
export async function movesEndpoint(db: Db, id: string, push: PushKeys | undefined): Promise<boolean> {
  return push !== undefined && (await endpointOf(db, id)) !== push.endpoint
}

/** The preferences as the browser sent them. */
export async function readSubscription(db: Db, id: string): Promise<NotifyPrefs> {
  const sub = await subscriptionOf(db, id)
  const places: PlacePrefs[] = sub.places.map((row) => ({
    place: row.place,
    sections: row.sections.split(',') as PlacePrefs['sections'],
    minPriority: PRIORITIES[row.min_rank] ?? 'Warning',
    quiet:
      row.quiet_start === null || row.quiet_end === null ? null : { start: timeOf(row.quiet_start), end: timeOf(row.quiet_end) },
  }))
  return { lang: sub.lang as NotifyPrefs['lang'], places }
}

/** Replaces the preferences (and the push keys when the browser renewed them). */
export async function updateSubscription(
  db: Db,
  id: string,
  prefs: NotifyPrefs,
  push: PushKeys | null,
  now: Date,
): Promise<Saved> {
  const places = placeRows(id, prefs)
  if ('unknown' in places) return { ok: false, unknownPlace: places.unknown }
  await updateSubscriptionRows(
    db,
    id,
    prefs.lang,
    places.rows,
    push ? { endpoint: push.endpoint, ...push.keys } : null,
    now.toISOString(),
  )
  return { ok: true, id }
}

/** Deletes a subscription and everything kept for it (places, what it was told, its outbox row). */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await deleteSubscriptionRow(db, id)
}

/** Subscriptions per place: all staff may know of subscribers. */
export async function countsByPlace(db: Db): Promise<{ place: string; subscriptions: number }[]> {
  return (await subscriptionsPerPlace(db)).map((row) => ({ place: row.place, subscriptions: row.count }))
}
