import { useStore } from '@nanostores/react'
import { sectionSources, sourceLines, stateName, statusKey, type CoverageSection } from '../../lib/coverage.ts'
import { $placeCoverage } from '../../lib/stores/coverage.ts'
import { localePrefix, type Locale } from '../../lib/routing/routes.ts'
import type { T } from '../../i18n/use-t.ts'

const WHY = { roads: 'coverage.whyRoads', cameras: 'coverage.whyCameras', local: 'coverage.whyLocal' } as const

/**
 * Why a live section is empty, under the SPEC's empty text: when no source runs for the place's state, that nothing
 * is published there yet; when one does, that nothing is reported now. Then the sources that cover the state for the
 * section with their health, and a link to the coverage page. Nothing while the answer loads or when it fails.
 */
export function EmptyCoverage({
  section,
  locale,
  t,
  checked = true,
}: {
  section: CoverageSection
  locale: Locale
  t: T
  /** False when some covering source did not answer (the reaction's health): then "nothing is reported" is not said. */
  checked?: boolean
}) {
  const place = useStore($placeCoverage)
  if (place.state !== 'ok' || !place.code) return null
  const sources = sectionSources(place.coverage, place.code, section)
  const state = stateName(place.coverage, place.code)
  const running = sources.some((source) => source.status !== 'off')
  return (
    <div className="empty-coverage">
      {section !== 'statuses' && (checked || !running) && <p className="muted">{t(running ? 'empty.hint' : WHY[section])}</p>}
      <p>{t(sources.length ? 'coverage.sourcesFor' : 'coverage.noneFor', { state })}</p>
      {sources.length > 0 && (
        <ul>
          {sourceLines(sources).map((line) =>
            line.kind === 'one' ? (
              <li key={line.source.id} data-source={line.source.id}>
                {line.source.name} <span className={`tag cov-${line.source.status}`}>{t(statusKey(line.source))}</span>
              </li>
            ) : (
              <li key={line.publisher} data-publisher={line.publisher}>
                {t('coverage.group', { name: line.publisher, count: String(line.sources.length) })}{' '}
                {line.statuses.map(({ key, count }) => (
                  <span key={key} className={`tag cov-${key.slice('coverage.'.length)}`}>
                    {t(key)}: {count}
                  </span>
                ))}
              </li>
            ),
          )}
        </ul>
      )}
      <p>
        <a href={`${localePrefix(locale)}/coverage#state-${place.code}`}>{t('coverage.link')}</a>
      </p>
    </div>
  )
}
