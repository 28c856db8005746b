// Versioned migrations, applied in name order at start (server/db/index.ts). Never edit a released one; add the next.
import type { Migration } from 'kysely/migration'
import { initial } from './001-initial.ts'
import { viewOwner } from './002-view-owner.ts'
import { sessions } from './003-sessions.ts'
import { publicViews } from './004-public-views.ts'
import { feeds } from './005-feeds.ts'
import { businesses } from './006-businesses.ts'
import { itemChanges } from './007-item-changes.ts'
import { ownerKeyExpiry } from './008-owner-key-expiry.ts'
import { overpassPace } from './009-overpass-pace.ts'
import { sessionRows } from './010-session-rows.ts'
import { feedCounts } from './011-feed-counts.ts'
import { feedRegistry } from './012-feed-registry.ts'
import { feedCursor } from './013-feed-cursor.ts'
import { transitStatic } from './014-transit-static.ts'
import { osmImport } from './015-osm-import.ts'
import { itemTimes } from './016-item-times.ts'
import { notify } from './017-notify.ts'
import { notifyEmail } from './018-notify-email.ts'
import { itemsFeedStamp } from './019-items-feed-stamp.ts'
import { notifyTokens } from './020-notify-tokens.ts'
import { feedLeftOut } from './022-feed-left-out.ts'
import { notifyUrgency } from './023-notify-urgency.ts'
import { roadPaths } from './024-road-paths.ts'
import { zoneVersions } from './025-zone-versions.ts'

export type DialectKind = 'sqlite' | 'postgres'

/** All migrations by name, for Kysely's Migrator. */
export function migrations(kind: DialectKind): Record<string, Migration> {
  return {
    '001-initial': initial(kind),
    '002-view-owner': viewOwner,
    '003-sessions': sessions,
    '004-public-views': publicViews,
    '005-feeds': feeds,
    '006-businesses': businesses,
    '007-item-changes': itemChanges(kind),
    '008-owner-key-expiry': ownerKeyExpiry,
    '009-overpass-pace': overpassPace,
    '010-session-rows': sessionRows,
    '011-feed-counts': feedCounts,
    '012-feed-registry': feedRegistry,
    '013-feed-cursor': feedCursor,
    '014-transit-static': transitStatic,
    '015-osm-import': osmImport,
    '016-item-times': itemTimes,
    '017-notify': notify(kind),
    '018-notify-email': notifyEmail,
    '019-items-feed-stamp': itemsFeedStamp,
    '020-notify-tokens': notifyTokens,
    '022-feed-left-out': feedLeftOut,
    '023-notify-urgency': notifyUrgency,
    '024-road-paths': roadPaths,
    '025-zone-versions': zoneVersions,
  }
}
