// The notification tables (migration 017) for Kysely, added to the database's own types where they are used.
import type { Generated } from 'kysely'
import type { Db } from '../index.ts'

export type NotifyTables = {
  push_subscriptions: {
    id: string
    secret_hash: string
    endpoint: string
    p256dh: string
    auth: string
    lang: string
    created_at: string
    updated_at: string
    last_sent_at: string | null
  }
  push_places: {
    subscription_id: string
    place: string
    lat: number
    lon: number
    timezone: string
    sections: string
    min_rank: number
    quiet_start: number | null
    quiet_end: number | null
  }
  notify_events: {
    id: Generated<number>
    item_id: number | null
    feed_id: string | null
    stamp: string | null
    created_at: string
    claimed_until: string | null
    claimed_by: string | null
  }
  push_told: {
    subscription_id: string
    item_id: number
    version: string
    place: string
    created_at: string
    sent_at: string | null
  }
  push_outbox: {
    subscription_id: string
    due_at: string
    attempts: Generated<number>
    /** The priority rank of the most pressing item waiting (migration 023): 0 Critical … 7 Low, 8 while claimed. */
    priority_rank: Generated<number>
    claimed_until: string | null
    claimed_by: string | null
  }
}

export type EmailTables = {
  email_subscriptions: {
    id: string
    email: string
    place: string
    lat: number
    lon: number
    timezone: string
    sections: string
    min_rank: number
    mode: string
    lang: string
    token_hash: string
    /** When the confirm link stops working; null for rows from before migration 020 (then the 7-day prune). */
    token_expires_at: string | null
    confirmed_at: string | null
    created_at: string
    last_sent_at: string | null
    claimed_until: string | null
    claimed_by: string | null
  }
  email_told: { subscription_id: string; item_id: number; version: string; created_at: string; sent_at: string | null }
}

/** The database with the notification tables known to the query builder. */
export const notifyDb = (db: Db) => db.withTables<NotifyTables & EmailTables>()
export type NotifyDb = ReturnType<typeof notifyDb>
