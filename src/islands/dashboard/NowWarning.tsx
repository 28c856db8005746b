import type { Warning } from '../../lib/dashboard/warnings.ts'
import type { I18nFamily, T } from '../../i18n/use-t.ts'

/** Where each source's warnings are listed in full. */
export type WarningLinks = Record<Warning['source'], string>

/**
 * The most severe warning near the place, with how many more there are; with none, a calm line only when every
 * source that covers the place answered (`unchecked` false), else that warnings could not be fully checked.
 */
export function NowWarning({
  top,
  t,
  links,
  unchecked = false,
}: {
  top: { warning: Warning; more: number } | null
  t: T
  links: WarningLinks
  unchecked?: boolean
}) {
  if (!top && unchecked)
    return (
      <p className="dash-calm dash-unchecked" role="status">
        {t('banner.unchecked')} <a href={links.statuses}>{t('banner.details')}</a>
      </p>
    )
  if (!top) return <p className="dash-calm">{t('dash.noWarnings')}</p>
  const { warning, more } = top
  const level =
    warning.source === 'nws'
      ? t(`severity.${warning.level}` as I18nFamily<'severity'>)
      : t(`priority.${warning.level}` as I18nFamily<'priority'>)
  const source = { statuses: t('nav.statuses'), roads: t('nav.roads'), nws: t('dash.nws') }[warning.source]
  return (
    <div className={`dash-alert sev-${warning.severity}`}>
      <p className="live-title">
        <span className={`tag prio prio-${warning.severity}`}>{level}</span> <strong>{warning.title}</strong>
        {more > 0 && ` ${t('banner.more', { count: String(more) })}`}
      </p>
      <p className="muted">
        {source} · <a href={links[warning.source]}>{t('banner.details')}</a>
      </p>
    </div>
  )
}
