// Email alert rows (email_subscriptions, email_told; server/notify/email.ts): one subscription per address and place,
// confirmed by its link, claimed with a lease while its alert is sent.
import { sql, type SqlBool } from 'kysely'
import { PRIORITIES } from '../../../src/lib/items.ts'
import type { Db } from '../index.ts'
import type { ItemRow } from '../schema.ts'
import { LEASE_MS, URGENT_RANK } from './notify-claims.ts'
import { notifyDb, type EmailTables } from './notify-tables.ts'

type EmailRow = EmailTables['email_subscriptions']
/** critical, urgent, high, warning: instant emails for these skip the burst. */
const URGENT_WORDS = PRIORITIES.slice(0, URGENT_RANK + 1).map((word) => word.toLowerCase())
type Settings = Pick<EmailRow, 'sections' | 'min_rank' | 'mode' | 'lang' | 'token_hash' | 'token_expires_at'>

/** The subscription of an address and place, and whether it is confirmed. */
export function emailSubscriptionOf(
  db: Db,
  email: string,
  place: string,
): Promise<{ id: string; confirmed_at: string | null } | undefined> {
  return notifyDb(db)
    .selectFrom('email_subscriptions')
    .select(['id', 'confirmed_at'])
    .where('email', '=', email)
    .where('place', '=', place)
    .executeTakeFirst()
}

/** Changes an unconfirmed subscription's settings and link. */
export async function updateEmailSettings(db: Db, id: string, values: Settings): Promise<void> {
  await notifyDb(db).updateTable('email_subscriptions').set(values).where('id', '=', id).execute()
}

/** Adds an unconfirmed subscription; none when the address and place already have one. */
export async function insertEmailSubscription(
  db: Db,
  row: Omit<EmailRow, 'confirmed_at' | 'last_sent_at' | 'claimed_until' | 'claimed_by'>,
): Promise<void> {
  await notifyDb(db)
    .insertInto('email_subscriptions')
    .values({ ...row, confirmed_at: null, last_sent_at: null, claimed_until: null, claimed_by: null })
    .onConflict((oc) => oc.columns(['email', 'place']).doNothing())
    .execute()
}

export type EmailLinkRow = Pick<
  EmailRow,
  'id' | 'place' | 'lang' | 'confirmed_at' | 'created_at' | 'token_hash' | 'token_expires_at'
>

/** What a confirm or unsubscribe link needs of its subscription. */
export function emailLinkRow(db: Db, id: string): Promise<EmailLinkRow | undefined> {
  return notifyDb(db)
    .selectFrom('email_subscriptions')
    .select(['id', 'place', 'lang', 'confirmed_at', 'created_at', 'token_hash', 'token_expires_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function markEmailConfirmed(db: Db, id: string, stamp: string): Promise<void> {
  await notifyDb(db)
    .updateTable('email_subscriptions')
    .set({ confirmed_at: stamp })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute()
}

export async function deleteEmailSubscription(db: Db, id: string): Promise<void> {
  await notifyDb(db).deleteFrom('email_subscriptions').where('id', '=', id).execute()
}

export type ClaimedEmail = Pick<EmailRow, 'id' | 'email' | 'place' | 'mode' | 'lang'>

/**
 * Claims up to `limit` confirmed subscriptions with something to send: instant ones whose burst has ended (something
 * told before `burstEnd`), daily ones last sent before `dayAgo`. A lease on each row, so instances never send one twice.
 */
export async function claimDueEmails(
  db: Db,
  owner: string,
  now: Date,
  burstEnd: string,
  dayAgo: string,
  limit: number,
): Promise<ClaimedEmail[]> {
  const ndb = notifyDb(db)
  const stamp = now.toISOString()
  const urgent = sql<SqlBool>`lower(i.priority) in (${sql.join(URGENT_WORDS)})`
  const due = await ndb
    .selectFrom('email_subscriptions as s')
    .innerJoin('email_told as t', 't.subscription_id', 's.id')
    .innerJoin('items as i', 'i.id', 't.item_id')
    .select(['s.id'])
    .where('t.sent_at', 'is', null)
    .where('s.confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('s.claimed_until', 'is', null), eb('s.claimed_until', '<=', stamp)]))
    .where((eb) =>
      eb.or([
        // Instant: once the burst has ended, or at once for Warning and above (issue 39).
        eb.and([eb('s.mode', '=', 'instant'), eb.or([eb('t.created_at', '<=', burstEnd), urgent])]),
        eb.and([eb('s.mode', '=', 'daily'), eb.or([eb('s.last_sent_at', 'is', null), eb('s.last_sent_at', '<=', dayAgo)])]),
      ]),
    )
    .groupBy('s.id')
    // Instant Warnings first: a batch of digests never delays one.
    .orderBy(sql`min(case when s.mode = 'instant' and ${urgent} then 0 else 1 end)`)
    .limit(limit)
    .execute()
  if (!due.length) return []
  return ndb
    .updateTable('email_subscriptions')
    .set({ claimed_until: new Date(now.getTime() + LEASE_MS).toISOString(), claimed_by: owner })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
    .returning(['id', 'email', 'place', 'mode', 'lang'])
    .execute()
}

export type WaitingEmail = Pick<
  ItemRow,
  'title' | 'state' | 'lines' | 'special_data' | 'priority' | 'data_aspect' | 'is_active' | 'layer'
> & {
  item_id: number
  version: string
}

/** What waits for a subscription, with its items as they are now (their translations in their special data). */
export function waitingEmail(db: Db, id: string): Promise<WaitingEmail[]> {
  return notifyDb(db)
    .selectFrom('email_told as t')
    .innerJoin('items as i', 'i.id', 't.item_id')
    .select([
      't.item_id',
      't.version',
      'i.title',
      'i.state',
      'i.lines',
      'i.special_data',
      'i.priority',
      'i.data_aspect',
      'i.is_active',
      'i.layer',
    ])
    .where('t.subscription_id', '=', id)
    .where('t.sent_at', 'is', null)
    .execute()
}

/** Gives a claimed subscription back without sending. */
export async function releaseEmail(db: Db, id: string): Promise<void> {
  await notifyDb(db)
    .updateTable('email_subscriptions')
    .set({ claimed_until: null, claimed_by: null })
    .where('id', '=', id)
    .execute()
}

/**
 * After an alert (or when nothing waiting was live): what was told up to `stamp` is done, the claim is released, and
 * `last_sent_at` set when an email went out.
 */
export async function finishEmail(db: Db, id: string, stamp: string, sent: boolean): Promise<void> {
  const ndb = notifyDb(db)
  await ndb
    .updateTable('email_told')
    .set({ sent_at: stamp })
    .where('subscription_id', '=', id)
    .where('sent_at', 'is', null)
    .where('created_at', '<=', stamp)
    .execute()
  await ndb
    .updateTable('email_subscriptions')
    .set({ claimed_until: null, claimed_by: null, ...(sent ? { last_sent_at: stamp } : {}) })
    .where('id', '=', id)
    .execute()
}
