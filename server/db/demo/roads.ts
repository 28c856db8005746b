// Demo road conditions around Duvall, each carrying the SPEC's road special data (groups of per-direction items).
import type { DemoSeed } from './index.ts'
import { NOVELTY_HILL, SR202, SR203_NORTH, SR203_SOUTH, WOODINVILLE_DUVALL, type RoadGroup } from './road-groups.ts'

const WSDOT = 'https://wsdot.com/travel/real-time/map/'
const KC_ROADS = 'https://kingcounty.gov/en/dept/local-services/transportation/roads/road-alerts-cameras'

type Road = Pick<DemoSeed, 'title' | 'priority' | 'state' | 'stateType' | 'lines' | 'location' | 'link' | 'lat' | 'lon' | 'line'>

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
      // The stretch the entry covers, drawn on the roads map (approximate: demo data).
      line: [
        [-121.9857, 47.7424],
        [-121.9818, 47.73],
        [-121.9776, 47.7128],
        [-121.97, 47.699],
        [-121.956, 47.684],
        [-121.938, 47.668],
        [-121.914, 47.6479],
      ],
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
      // The stretch the entry covers, drawn on the roads map (approximate: demo data).
      line: [
        [-122.09, 47.756],
        [-122.06, 47.754],
        [-122.03, 47.752],
        [-122.0021, 47.7508],
        [-121.987, 47.744],
      ],
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
      // The stretch the entry covers, drawn on the roads map (approximate: demo data).
      line: [
        [-122.05, 47.692],
        [-122.0342, 47.6946],
        [-122.015, 47.698],
      ],
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
      // The stretch the entry covers, drawn on the roads map (approximate: demo data).
      line: [
        [-121.9857, 47.7424],
        [-121.983, 47.76],
        [-121.98, 47.78],
        [-121.9786, 47.8012],
        [-121.975, 47.825],
        [-121.97, 47.85],
      ],
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
      // The stretch the entry covers, drawn on the roads map (approximate: demo data).
      line: [
        [-122.07, 47.655],
        [-122.0334, 47.6396],
        [-121.99, 47.61],
        [-121.95, 47.576],
      ],
    },
    SR202,
    15,
    22,
    'Redmond',
  ),
]
