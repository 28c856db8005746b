// Demo road conditions around Duvall, each carrying the SPEC's road special data (groups of per-direction items).
import type { DemoSeed } from './index.ts'
import { NOVELTY_HILL, SR202, SR203_NORTH, SR203_SOUTH, WOODINVILLE_DUVALL, type RoadGroup } from './road-groups.ts'

const WSDOT = 'https://wsdot.com/travel/real-time/map/'
const KC_ROADS = 'https://kingcounty.gov/en/dept/local-services/transportation/roads/road-alerts-cameras'

type Road = Pick<DemoSeed, 'title' | 'priority' | 'state' | 'stateType' | 'lines' | 'location' | 'link' | 'lat' | 'lon'>

const road = (fields: Road, groups: RoadGroup[], areaMiles: number, ago: number, city?: 'Monroe' | 'Redmond'): DemoSeed => ({
  aspect: 'roads',
  category: 'Road conditions',
  ...fields,
  special: groups,
  areaMiles,
  ago,
  ...(city ? { city } : {}),
})

export const DEMO_ROADS: DemoSeed[] = [
  road(
    {
      title: '[Demo] SR 203 Duvall to Carnation',
      priority: 'Urgent',
      state: 'blocked',
      stateType: 'road',
      lines: ['NE 124th St is closed by flooding at the valley crossing.', 'Southbound lane closure at NE 100th St.'],
      location: 'SR 203 between Duvall and Carnation',
      link: WSDOT,
      lat: 47.7128,
      lon: -121.9776,
    },
    SR203_SOUTH,
    25,
    4,
  ),
  road(
    {
      title: '[Demo] Woodinville-Duvall Rd',
      priority: 'Warning',
      state: 'active',
      stateType: 'road',
      lines: ['Alternating one-lane traffic at the valley floor.'],
      location: 'Woodinville-Duvall Rd from Woodinville to Duvall',
      link: KC_ROADS,
      lat: 47.7508,
      lon: -122.0021,
    },
    WOODINVILLE_DUVALL,
    20,
    9,
  ),
  road(
    {
      title: '[Demo] Novelty Hill Rd construction',
      priority: 'Warning',
      state: 'active',
      stateType: 'construction',
      lines: ['Roundabout work at 236th Ave NE with night closures westbound.'],
      location: 'Novelty Hill Rd at 236th Ave NE',
      link: KC_ROADS,
      lat: 47.6946,
      lon: -122.0342,
    },
    NOVELTY_HILL,
    15,
    30,
    'Redmond',
  ),
  road(
    {
      title: '[Demo] SR 203 Duvall to Monroe',
      priority: 'Normal',
      state: 'open',
      stateType: 'road',
      lines: ['Open both ways; wet pavement.'],
      location: 'SR 203 between Duvall and Monroe',
      link: WSDOT,
      lat: 47.8012,
      lon: -121.9786,
    },
    SR203_NORTH,
    20,
    14,
    'Monroe',
  ),
  road(
    {
      title: '[Demo] SR 202 Redmond to Fall City',
      priority: 'Info',
      state: 'normal',
      stateType: 'road',
      lines: ['Normal traffic; shoulder work planned Tuesday.'],
      location: 'SR 202 between Redmond and Fall City',
      link: WSDOT,
      lat: 47.6396,
      lon: -122.0334,
    },
    SR202,
    15,
    22,
    'Redmond',
  ),
]
