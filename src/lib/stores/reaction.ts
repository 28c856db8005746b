import { computed } from 'nanostores'
import type { Reaction } from '../items.ts'
import { alarmSections, bannerAlert, badgeCounts } from '../live/severity.ts'
import { expandRoads } from '../live/roads.ts'
import { getReaction } from '../api/reaction.ts'
import { localizeReaction } from '../live/translations.ts'
import { warningsUnchecked } from '../live/unchecked.ts'
import { pageLang } from '../page-lang.ts'
import { apiSession } from './api-session.ts'
import { $settings } from './settings.ts'
import { createSource } from './source.ts'

/**
 * SPEC section 7 gives two readings of the reaction call's caching. Porchlight follows the first,
 * "live": stale at once (stale time 0), refetched every 120 s and whenever the window regains
 * focus, 2 retries with backoff. (The other: fresh 5 minutes, kept 10, 1 retry, no focus refetch.)
 */
export const REACTION_READING = { name: 'live', staleMs: 0, everyMs: 120_000, retries: 2 } as const

/** Only the test layer of the settings changes the request (computed: it tells only of real changes). */
const $testLayer = computed($settings, (settings) => settings.testLayer)

/** The live sections for the page's point: one request shared by the banner, badges and every list. */
export const reaction = createSource<Reaction>(
  REACTION_READING.staleMs,
  // Feed items that carry the page's language (IPAWS alerts in Spanish) show in it (live/translations.ts).
  (point) =>
    getReaction({ lat: point.lat, lon: point.lon, route: point.route, layer: $settings.get().testLayer }, apiSession).then(
      (answer) => localizeReaction(answer, pageLang()),
    ),
  {
    retries: REACTION_READING.retries,
    everyMs: REACTION_READING.everyMs,
    extraKey: () => String($settings.get().testLayer),
    watch: [$testLayer],
  },
)

/** Road items with their special data expanded into road messages (synthetic ids from 10000). */
export const $roads = computed(reaction.$state, (state) => (state.state === 'ok' ? expandRoads(state.data.roads.messages) : null))

/** The alert the banner shows, if any (warning or worse, statuses and roads). */
export const $bannerAlert = computed([reaction.$state, $roads], (state, roads) =>
  state.state === 'ok' && roads ? bannerAlert(state.data.statuses.messages, roads.entries) : null,
)

/** Counts for the nav badges, once data is there. */
export const $badgeCounts = computed([reaction.$state, $roads], (state, roads) =>
  state.state === 'ok' && roads ? badgeCounts(state.data, roads.entries) : null,
)

/** Whether the warnings' sources (statuses and roads) did not all answer: then the banner gives no all-clear. */
export const $warningsUnchecked = computed(reaction.$state, (state) => state.state === 'ok' && warningsUnchecked(state.data))

/** The sections whose badges take the alarm colour (a warning or worse), once data is there. */
export const $badgeAlarms = computed([reaction.$state, $roads], (state, roads) =>
  state.state === 'ok' && roads ? alarmSections(state.data, roads.entries) : null,
)
