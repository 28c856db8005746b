// Whether a live section's sources all answered (the reaction answer's `health`), apart from health.ts's texts so the
// banner's script reads it without the formatters.
import type { Reaction } from '../items.ts'

export type SectionHealth = NonNullable<Reaction['statuses']['health']>

/**
 * Whether some source that covers the place did not answer: then the section may not say "nothing reported".
 * An answer without health (a server before 2026-12, a kept offline answer) claims nothing either way.
 * @example unchecked({ status: 'partial', missing: [] }) // true
 */
export const unchecked = (health: SectionHealth | undefined): health is SectionHealth =>
  health?.status === 'down' || health?.status === 'partial'

/** Whether the warnings' sources (statuses and roads) did not all answer: then no count of warnings is an all-clear. */
export const warningsUnchecked = (live: Reaction): boolean => unchecked(live.statuses.health) || unchecked(live.roads.health)
