// Which SPEC alert category (the statuses page's groups: weather, traffic, school, services, local, other) a CAP alert belongs to.

/** SAME event codes of non-weather public alerts (47 CFR 11.31) and their category. */
const BY_SAME_CODE: Record<string, string> = {
  EVI: 'local', // Evacuation Immediate
  SPW: 'local', // Shelter in Place Warning
  CEM: 'local', // Civil Emergency Message
  CDW: 'local', // Civil Danger Warning
  CAE: 'local', // Child Abduction Emergency (AMBER)
  BLU: 'local', // Blue Alert
  LEW: 'local', // Law Enforcement Warning
  LAE: 'local', // Local Area Emergency
  HMW: 'local', // Hazardous Materials Warning
  NUW: 'local', // Nuclear Power Plant Warning
  RHW: 'local', // Radiological Hazard Warning
  FRW: 'local', // Fire Warning
  MEP: 'local', // Missing and Endangered Persons
  TOE: 'services', // 911 Telephone Outage Emergency
  ADR: 'other', // Administrative Message
}

/** Words in an event name, for alerts without a SAME code (local systems name events freely). */
const BY_WORDS: [RegExp, string][] = [
  [/boil[- ]water|water (main|outage|advisory)|do not drink|power outage|911|outage/i, 'services'],
  [/road|traffic|bridge|highway|transit/i, 'traffic'],
  [/school/i, 'school'],
  [
    /evacuat|shelter|civil|abduct|amber|law enforcement|police|hazardous|hazmat|chemical|gas leak|radiolog|nuclear|shooter|missing/i,
    'local',
  ],
]

/** CAP `category` values (CAP 1.2 section 3.2.2) for whatever names and codes did not place. */
const BY_CAP_CATEGORY: Record<string, string> = {
  Met: 'weather',
  Geo: 'weather',
  Transport: 'traffic',
  Infra: 'services',
  Health: 'services',
  Safety: 'local',
  Security: 'local',
  Rescue: 'local',
  Fire: 'local',
  Env: 'local',
  CBRNE: 'local',
}

/**
 * The SPEC alert category of a CAP info: from its SAME event code, else words of its event name, else its
 * CAP category; 'other' when nothing says. The event name itself stays the item's visible label.
 * @example capCategory('Evacuation Immediate', ['EVI'], ['Safety']) // 'local'
 * @example capCategory('Boil Water Advisory', [], ['Health']) // 'services'
 */
export function capCategory(event: string, eventCodes: string[], categories: string[]): string {
  for (const code of eventCodes) {
    const found = BY_SAME_CODE[code]
    if (found) return found
  }
  for (const [words, category] of BY_WORDS) if (words.test(event)) return category
  for (const category of categories) {
    const found = BY_CAP_CATEGORY[category]
    if (found) return found
  }
  return 'other'
}
