// One place for the "made once per key" pattern of the formatters (format.ts, units.ts, live/times.ts, live/hours.ts,
// i18n/translate.ts): an Intl formatter costs far more to make than to use, and a list or a chart asks dozens of times.

/**
 * The value `map` keeps under `key`, made with `make` the first time it is asked for.
 * @example kept(formats, 'en|UTC', () => new Intl.DateTimeFormat('en', { timeZone: 'UTC' }))
 */
export function kept<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}
