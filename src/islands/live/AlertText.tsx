import { alertMessage, foldsDescription } from '../../lib/live/alert-message.ts'
import { formatMoment } from '../../lib/live/times.ts'
import type { AlertItem } from '../../lib/items.ts'
import type { T } from '../../i18n/use-t.ts'

const paragraphs = (lines: string[], className = 'live-summary') =>
  lines.map((line, index) => (
    <p key={index} className={className}>
      {line}
    </p>
  ))

/**
 * An alert's whole message: its headline, then "What to do" in full, then the description (folded behind
 * "Show full message" when long, with the areas), and whom to contact. Items without parts show their lines.
 */
export function AlertText({
  item,
  now,
  locale,
  timeZone,
  t,
}: {
  item: AlertItem
  now: number
  locale: string
  timeZone: string
  t: T
}) {
  const message = alertMessage(item)
  if (!message) return <>{paragraphs(item.data.lines)}</>
  const areas = message.areas.map((line) => t('live.areas', { areas: line }))
  const details = [...message.description, ...areas]
  const expires = message.expires ? Date.parse(message.expires) : NaN
  return (
    <>
      {paragraphs(message.headline)}
      {message.instruction.length > 0 && (
        <section className="live-instruction" aria-label={t('live.whatToDo')}>
          <p className="live-label">
            <strong>{t('live.whatToDo')}</strong>
          </p>
          {paragraphs(message.instruction)}
        </section>
      )}
      {foldsDescription(message.description) ? (
        <details className="live-full">
          <summary>{t('live.fullMessage')}</summary>
          {paragraphs(details)}
        </details>
      ) : (
        paragraphs(details)
      )}
      {paragraphs(message.contact.map((line) => t('live.contact', { contact: line })))}
      {Number.isFinite(expires) && expires > now && (
        <p className="muted live-expires">{t('live.expires', { time: formatMoment(expires, now, locale, timeZone) })}</p>
      )}
    </>
  )
}
