// The SPEC's road special data for the demo roads: stretches of road, each with per-direction lines.
import type { Priority } from '../../../src/lib/items.ts'

/** One line of a road group; State is a status word, or 'critical', which the site counts as critical. */
export type RoadItem = {
  Priority: Priority
  StateType: string
  State: string
  Title: string
  Description: string
  Distance: number
}
/** A stretch of road; Distance is miles from the item's point. */
export type RoadGroup = { Title: string; Distance: number; Items: RoadItem[] }

export const SR203_SOUTH: RoadGroup[] = [
  {
    Title: 'SR 203 Duvall–Carnation',
    Distance: 2.8,
    Items: [
      {
        Priority: 'Warning',
        StateType: 'lane',
        State: 'blocked',
        Title: 'Southbound: right lane closed at NE 100th St',
        Description: 'Shoulder washout repair; one lane open with flaggers 7 am to 5 pm.',
        Distance: 2.9,
      },
      {
        Priority: 'Info',
        StateType: 'road',
        State: 'open',
        Title: 'Northbound: open, water on the shoulder near Stillwater Hill',
        Description: 'Drive slowly; standing water after overnight rain.',
        Distance: 4.1,
      },
    ],
  },
  {
    Title: 'SR 203 / NE 124th St valley crossing',
    Distance: 2.2,
    Items: [
      {
        Priority: 'Critical',
        StateType: 'flooding',
        State: 'critical',
        Title: 'Both directions: NE 124th St closed between W Snoqualmie Valley Rd and SR 203',
        Description: 'The Snoqualmie River is over the road. Use Woodinville-Duvall Rd or SR 202 instead.',
        Distance: 2.2,
      },
    ],
  },
]

export const WOODINVILLE_DUVALL: RoadGroup[] = [
  {
    Title: 'Woodinville-Duvall Rd',
    Distance: 1.2,
    Items: [
      {
        Priority: 'Warning',
        StateType: 'lane',
        State: 'active',
        Title: 'Eastbound: alternating one-lane traffic at W Snoqualmie Valley Rd NE',
        Description: 'Flaggers while King County crews clear flood debris; expect 10-minute delays.',
        Distance: 1.2,
      },
      {
        Priority: 'Normal',
        StateType: 'road',
        State: 'open',
        Title: 'Westbound: open toward Woodinville',
        Description: 'Slow traffic on the hill near 204th Ave NE at peak times.',
        Distance: 3.5,
      },
    ],
  },
]

export const NOVELTY_HILL: RoadGroup[] = [
  {
    Title: 'Novelty Hill Rd',
    Distance: 0.3,
    Items: [
      {
        Priority: 'Medium',
        StateType: 'construction',
        State: 'active',
        Title: 'Eastbound: lane shift at 236th Ave NE',
        Description: 'Roundabout construction; 25 mph work zone.',
        Distance: 0.3,
      },
      {
        Priority: 'Warning',
        StateType: 'construction',
        State: 'pending',
        Title: 'Westbound: night closures Monday to Thursday, 8 pm to 5 am',
        Description: 'Detour by Redmond Ridge Dr NE and NE Union Hill Rd.',
        Distance: 0.4,
      },
    ],
  },
]

export const SR203_NORTH: RoadGroup[] = [
  {
    Title: 'SR 203 Duvall–Monroe',
    Distance: 0.5,
    Items: [
      {
        Priority: 'Normal',
        StateType: 'road',
        State: 'open',
        Title: 'Northbound: open, wet pavement',
        Description: 'No incidents reported to US 2.',
        Distance: 0.5,
      },
      {
        Priority: 'Normal',
        StateType: 'road',
        State: 'open',
        Title: 'Southbound: open',
        Description: 'Normal traffic into Duvall.',
        Distance: 0.5,
      },
    ],
  },
]

export const SR202: RoadGroup[] = [
  {
    Title: 'SR 202 Redmond–Fall City',
    Distance: 0.6,
    Items: [
      {
        Priority: 'Info',
        StateType: 'maintenance',
        State: 'pending',
        Title: 'Eastbound: shoulder closed Tuesday 9 am to 3 pm for bridge inspection',
        Description: 'Bridge over Patterson Creek; both lanes stay open.',
        Distance: 2.4,
      },
      {
        Priority: 'Normal',
        StateType: 'road',
        State: 'normal',
        Title: 'Westbound: normal traffic',
        Description: 'No delays toward Redmond.',
        Distance: 0.6,
      },
    ],
  },
]
