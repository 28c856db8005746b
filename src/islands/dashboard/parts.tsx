import type { ReactNode } from 'react'
import type { I18nKey, T } from '../../i18n/use-t.ts'

/** A placeholder the size of what it waits for (a class of dashboard.css), so nothing moves when data comes. */
export const Pending = ({ className }: { className: string }) => (
  <div className={`skeleton dash-skeleton ${className}`} aria-hidden="true" />
)

/** One part of the dashboard failed: the section's own error text and a retry, the rest of the card still shows. */
export function Failed({ t, errorKey, retry }: { t: T; errorKey: I18nKey; retry: () => void }) {
  return (
    <div className="card-error dash-error" role="alert">
      <p>{t(errorKey)}</p>
      <button type="button" className="button" onClick={retry}>
        {t('weather.retry')}
      </button>
    </div>
  )
}

/** A link tile: a big number over its label, the pair read as one name ("12 Statuses"). */
/** A section's count; `unchecked` (its sources failing with nothing known) shows a dash, never a false 0. */
export function CountTile({
  href,
  count,
  label,
  unchecked,
}: {
  href: string
  count: ReactNode
  label: string
  unchecked?: string | null
}) {
  return (
    <li>
      <a className="dash-count" href={href}>
        <strong aria-hidden={unchecked ? true : undefined}>{unchecked ? '–' : count}</strong>
        <span>{label}</span>
        {unchecked && <span className="sr-only">{unchecked}</span>}
      </a>
    </li>
  )
}
