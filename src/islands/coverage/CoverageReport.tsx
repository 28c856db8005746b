import { useStore } from '@nanostores/react'
import { formatAgo } from '../../lib/format.ts'
import { sourceLines, statusKey, type CoverageSection } from '../../lib/coverage.ts'
import type { Coverage, CoverageSource } from '../../lib/api/coverage.ts'
import { $allCoverage, loadAllCoverage } from '../../lib/stores/coverage.ts'
import { pageLang } from '../../lib/page-lang.ts'
import { useT, type T } from '../../i18n/use-t.ts'

const SECTIONS: readonly CoverageSection[] = ['statuses', 'roads', 'cameras', 'local']

/** One source: its name linked to its publisher, its health, when it last worked and how many items it has. */
function Source({ source, t }: { source: CoverageSource; t: T }) {
  const time = source.lastSuccessAt ? Date.parse(source.lastSuccessAt) : NaN
  const url = source.publisher.url && /^https?:\/\//.test(source.publisher.url) ? source.publisher.url : null
  return (
    <li data-source={source.id}>
      {url ? (
        <a href={url} rel="noopener noreferrer external">
          {source.name}
        </a>
      ) : (
        source.name
      )}{' '}
      <span className={`tag cov-${source.status}`}>{t(statusKey(source))}</span>{' '}
      <span className="muted">
        {Number.isFinite(time) && t('coverage.updated', { ago: formatAgo(time, Date.now(), pageLang()) })}
        {source.status !== 'off' && ` · ${t('coverage.items', { count: String(source.items) })}`}
      </span>
    </li>
  )
}

function SourceList({ ids, byId, t, empty }: { ids: string[]; byId: Map<string, CoverageSource>; t: T; empty: string }) {
  const sources = ids.map((id) => byId.get(id)).filter((source) => source !== undefined)
  if (!sources.length) return <span className="muted">{empty}</span>
  return (
    <ul className="coverage-sources">
      {sourceLines(sources).map((line) =>
        line.kind === 'one' ? (
          <Source key={line.source.id} source={line.source} t={t} />
        ) : (
          <li key={line.publisher} data-publisher={line.publisher}>
            <details>
              <summary>
                {t('coverage.group', { name: line.publisher, count: String(line.sources.length) })}{' '}
                {line.statuses.map(({ key, count }) => (
                  <span key={key} className={`tag cov-${key.slice('coverage.'.length)}`}>
                    {t(key)}: {count}
                  </span>
                ))}
              </summary>
              <ul className="coverage-sources">
                {line.sources.map((source) => (
                  <Source key={source.id} source={source} t={t} />
                ))}
              </ul>
            </details>
          </li>
        ),
      )}
    </ul>
  )
}

function Report({ coverage, t }: { coverage: Coverage; t: T }) {
  const byId = new Map(coverage.sources.map((source) => [source.id, source]))
  const label = (section: CoverageSection) => t(`nav.${section}`)
  return (
    <>
      <section aria-labelledby="coverage-national">
        <h2 id="coverage-national">{t('coverage.national')}</h2>
        {SECTIONS.map((section) => (
          <div key={section} className="coverage-section" data-section={section}>
            <h3>{label(section)}</h3>
            <SourceList ids={coverage.national[section]} byId={byId} t={t} empty={t('coverage.noSource')} />
          </div>
        ))}
        {coverage.registries.length > 0 && (
          <div className="coverage-section" data-section="registries">
            <h3>{t('coverage.registries')}</h3>
            <ul className="coverage-sources">
              {coverage.registries.map((registry) => (
                <Source key={registry.id} source={{ ...registry, states: [], items: 0, status: registry.status }} t={t} />
              ))}
            </ul>
          </div>
        )}
      </section>
      <section aria-labelledby="coverage-states">
        <h2 id="coverage-states">{t('coverage.byState')}</h2>
        <div className="coverage-scroll">
          <table className="coverage-table">
            <thead>
              <tr>
                <th scope="col">{t('coverage.state')}</th>
                {SECTIONS.map((section) => (
                  <th key={section} scope="col">
                    {label(section)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {coverage.states.map((state) => (
                <tr key={state.code} id={`state-${state.code}`}>
                  <th scope="row">{state.name}</th>
                  {SECTIONS.map((section) => (
                    <td key={section} data-section={section}>
                      <SourceList
                        ids={state.sections[section]}
                        byId={byId}
                        t={t}
                        empty={coverage.national[section].length ? t('coverage.nationalOnly') : t('coverage.noSource')}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {coverage.unplaced.length > 0 && (
        <section aria-labelledby="coverage-unplaced">
          <h2 id="coverage-unplaced">{t('coverage.unplaced')}</h2>
          <SourceList ids={coverage.unplaced} byId={byId} t={t} empty="" />
        </section>
      )}
    </>
  )
}

/** The coverage page's report: GET /api/coverage as the nationwide sources, a table of states, and the rest. */
export function CoverageReport() {
  const t = useT()
  const state = useStore($allCoverage)
  if (!t || state.state === 'loading') return <div className="skeleton" aria-hidden="true"></div>
  if (state.state === 'error')
    return (
      <div role="alert">
        <p>{t('coverage.error')}</p>
        <button type="button" onClick={() => void loadAllCoverage()}>
          {t('coverage.retry')}
        </button>
      </div>
    )
  return <Report coverage={state.coverage} t={t} />
}
