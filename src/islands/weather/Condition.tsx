import { describeWeather, weatherIcon } from '../../lib/weather/wmo.ts'
import type { T } from '../../i18n/use-t.ts'

/** The condition in words: "Rain (light)", from the WMO code. */
export function conditionText(t: T, code: number | null): string {
  const { kind, intensity } = describeWeather(code)
  const name = t(`wmo.${kind}`)
  return intensity ? t('wmo.withIntensity', { kind: name, intensity: t(`intensity.${intensity}`) }) : name
}

/** A day or night weather icon from the sprite; decorative (the words carry the meaning). */
export function WeatherIcon({ code, isDay, size = 32 }: { code: number | null; isDay: boolean; size?: number }) {
  return (
    <svg className="wx-icon" width={size} height={size} aria-hidden="true">
      <use href={`/weather-icons.svg#${weatherIcon(describeWeather(code).kind, isDay)}`} />
    </svg>
  )
}
