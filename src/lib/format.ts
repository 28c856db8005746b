/**
 * "5 minutes ago", "in 2 hours", "yesterday", in the visitor's language (Intl.RelativeTimeFormat).
 * Minutes under an hour, hours under a day, then days (SPEC section 9).
 * @example formatAgo(Date.now() - 5 * 60_000, Date.now(), 'en') // '5 minutes ago'
 */
export function formatAgo(time: number, now: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  const minutes = Math.round((time - now) / 60_000)
  if (minutes === 0) return format.format(0, 'second')
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (Math.abs(hours) < 24) return format.format(hours, 'hour')
  return format.format(Math.round(hours / 24), 'day')
}

/**
 * A date and time in a place's own time zone and the visitor's language.
 * @example formatDateTime(Date.UTC(2026, 0, 1, 20), 'en', 'America/Los_Angeles') // 'Jan 1, 12:00 PM'
 */
export function formatDateTime(time: number, locale: string, timeZone: string, options: Intl.DateTimeFormatOptions = {}): string {
  const base: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
  return new Intl.DateTimeFormat(locale, { ...base, ...options, timeZone: safeZone(timeZone) }).format(time)
}

/** A time zone Intl accepts, else UTC (a tampered or unknown zone must not throw). */
export function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return timeZone
  } catch {
    return 'UTC'
  }
}
