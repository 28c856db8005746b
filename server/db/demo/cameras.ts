// Demo traffic cameras on the routes in and out of Duvall, in the style of WSDOT and King County camera feeds.
import type { DemoSeed } from './index.ts'

type Camera = { title: `[Demo] ${string}`; location: string; image: string; link: string; lat: number; lon: number }

const WSDOT_PAGE = 'https://wsdot.com/travel/real-time/map/?featuretype=camera&featureid='
const KC_PAGE = 'https://kingcounty.gov/en/dept/local-services/transportation/roads/road-alerts-cameras'

const CAMERAS: (Camera & { city?: 'Carnation' | 'Redmond'; owner: string })[] = [
  {
    title: '[Demo] SR 203 at NE Cherry Valley Rd',
    location: 'SR 203 (Main St NE) at NE Cherry Valley Rd, Duvall, looking north',
    image: 'https://images.wsdot.wa.gov/nw/203vc01560.jpg',
    link: `${WSDOT_PAGE}9801`,
    lat: 47.7444,
    lon: -121.9858,
    owner: 'WSDOT',
  },
  {
    title: '[Demo] SR 203 at Tolt Ave, Carnation',
    location: 'SR 203 at Tolt Ave (NE 40th St), Carnation, looking south',
    image: 'https://images.wsdot.wa.gov/nw/203vc00990.jpg',
    link: `${WSDOT_PAGE}9802`,
    lat: 47.6478,
    lon: -121.9141,
    city: 'Carnation',
    owner: 'WSDOT',
  },
  {
    title: '[Demo] SR 202 at Sahalee Way NE',
    location: 'SR 202 (Redmond-Fall City Rd) at Sahalee Way NE, looking east',
    image: 'https://images.wsdot.wa.gov/nw/202vc01090.jpg',
    link: `${WSDOT_PAGE}9803`,
    lat: 47.6396,
    lon: -122.0334,
    city: 'Redmond',
    owner: 'WSDOT',
  },
  {
    title: '[Demo] Novelty Hill Rd at 236th Ave NE',
    location: 'Novelty Hill Rd at 236th Ave NE, Redmond Ridge, looking east toward the valley',
    image: 'https://kingcounty.gov/roadcameras/NoveltyHill_236thAveNE.jpg',
    link: KC_PAGE,
    lat: 47.6946,
    lon: -122.0342,
    city: 'Redmond',
    owner: 'King County',
  },
  {
    title: '[Demo] Woodinville-Duvall Rd at W Snoqualmie Valley Rd NE',
    location: 'Woodinville-Duvall Rd at W Snoqualmie Valley Rd NE, looking east over the valley to Duvall',
    image: 'https://kingcounty.gov/roadcameras/WoodinvilleDuvall_WSnoqValley.jpg',
    link: KC_PAGE,
    lat: 47.7508,
    lon: -122.0021,
    owner: 'King County',
  },
  {
    title: '[Demo] NE 124th St at the Snoqualmie valley crossing',
    location: 'NE 124th St east of W Snoqualmie Valley Rd NE, looking east toward SR 203',
    image: 'https://kingcounty.gov/roadcameras/NE124thSt_ValleyCrossing.jpg',
    link: KC_PAGE,
    lat: 47.7122,
    lon: -121.9951,
    owner: 'King County',
  },
]

export const DEMO_CAMERAS: DemoSeed[] = CAMERAS.map(({ owner, city, ...camera }, index) => ({
  aspect: 'cameras',
  category: `${owner} traffic camera`,
  priority: 'Normal',
  stateType: 'camera',
  state: 'active',
  title: camera.title,
  lines: [camera.location],
  location: camera.location,
  image: camera.image,
  link: camera.link,
  icon: 'camera',
  dataLinkType: 'image',
  lat: camera.lat,
  lon: camera.lon,
  areaMiles: 15,
  ...(city ? { city } : {}),
  // Camera stills refresh every few minutes.
  ago: 2 + index,
}))
