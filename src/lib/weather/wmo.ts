/** WMO weather interpretation codes (DATA_SOURCES 1.5) as a kind, an intensity and an icon. */

export type WeatherKind =
  | 'clear'
  | 'mainlyClear'
  | 'partlyCloudy'
  | 'overcast'
  | 'fog'
  | 'drizzle'
  | 'freezingDrizzle'
  | 'rain'
  | 'freezingRain'
  | 'snow'
  | 'snowGrains'
  | 'rainShowers'
  | 'snowShowers'
  | 'thunderstorm'
  | 'thunderstormHail'
  | 'unknown'

/** The table's slight/light → light, dense/violent → heavy; null where the code has no intensity. */
export type Intensity = 'light' | 'moderate' | 'heavy' | null

/** Symbol ids of /public/weather-icons.svg. */
export type WeatherIconId =
  'sun' | 'moon' | 'sun-cloud' | 'moon-cloud' | 'cloud' | 'fog' | 'drizzle' | 'rain' | 'sleet' | 'snow' | 'thunder' | 'unknown'

type Weather = { kind: WeatherKind; intensity: Intensity }

const CODES: ReadonlyMap<number, Weather> = new Map(
  (
    [
      [0, 'clear', null],
      [1, 'mainlyClear', null],
      [2, 'partlyCloudy', null],
      [3, 'overcast', null],
      [45, 'fog', null],
      [48, 'fog', null], // depositing rime fog
      [51, 'drizzle', 'light'],
      [53, 'drizzle', 'moderate'],
      [55, 'drizzle', 'heavy'], // "dense"
      [56, 'freezingDrizzle', 'light'],
      [57, 'freezingDrizzle', 'heavy'],
      [61, 'rain', 'light'], // "slight"
      [63, 'rain', 'moderate'],
      [65, 'rain', 'heavy'],
      [66, 'freezingRain', 'light'],
      [67, 'freezingRain', 'heavy'],
      [71, 'snow', 'light'],
      [73, 'snow', 'moderate'],
      [75, 'snow', 'heavy'],
      [77, 'snowGrains', null],
      [80, 'rainShowers', 'light'],
      [81, 'rainShowers', 'moderate'],
      [82, 'rainShowers', 'heavy'], // "violent"
      [85, 'snowShowers', 'light'],
      [86, 'snowShowers', 'heavy'],
      [95, 'thunderstorm', null], // "slight or moderate": not told apart
      [96, 'thunderstormHail', 'light'], // hail codes are Central Europe only; US storms come as 95
      [99, 'thunderstormHail', 'heavy'],
    ] as const
  ).map(([code, kind, intensity]): [number, Weather] => [code, { kind, intensity }]),
)

const UNKNOWN: Weather = { kind: 'unknown', intensity: null }

/**
 * What a WMO code means; null (models sometimes send it) and unlisted codes are 'unknown'.
 * @example describeWeather(82) // { kind: 'rainShowers', intensity: 'heavy' }
 */
export function describeWeather(code: number | null): { kind: WeatherKind; intensity: Intensity } {
  const weather = code === null ? undefined : CODES.get(code)
  return { ...(weather ?? UNKNOWN) }
}

const ICONS: Record<WeatherKind, WeatherIconId | readonly [day: WeatherIconId, night: WeatherIconId]> = {
  clear: ['sun', 'moon'],
  mainlyClear: ['sun', 'moon'],
  partlyCloudy: ['sun-cloud', 'moon-cloud'],
  overcast: 'cloud',
  fog: 'fog',
  drizzle: 'drizzle',
  freezingDrizzle: 'sleet',
  rain: 'rain',
  freezingRain: 'sleet',
  snow: 'snow',
  snowGrains: 'snow',
  rainShowers: 'rain',
  snowShowers: 'snow',
  thunderstorm: 'thunder',
  thunderstormHail: 'thunder',
  unknown: 'unknown',
}

/**
 * The sprite symbol for a kind; only clear and partly cloudy skies differ by night.
 * @example weatherIcon('clear', false) // 'moon'
 */
export function weatherIcon(kind: WeatherKind, isDay: boolean): WeatherIconId {
  const icon = ICONS[kind]
  return typeof icon === 'string' ? icon : icon[isDay ? 0 : 1]
}
