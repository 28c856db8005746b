// The editor's feed-health panel (admin and superadmin): each feed's last success, last error, item
// count (with alerts withheld for their zone shapes and bad records skipped), next run and whether its items
// are stale, from GET /api/feeds; "Run now" runs one feed at once (POST /api/feeds/{id}/run).
import { useStore } from '@nanostores/react'
import { pageLocale } from '../../lib/client/page.ts'
import { formatAgo } from '../../lib/format.ts'
import { localError } from '../../lib/messages.ts'
import { $now } from '../../lib/stores/clock.ts'
import { $feedRuns, $feeds, feedStatus, leftOutLines, retryFeeds, runFeedNow, type FeedRunState } from '../../lib/stores/feeds.ts'
import type { T } from '../../i18n/use-t.ts'
import { FormError } from './Field.tsx'

/** "5 minutes ago" / "in 2 minutes", or the word for never. */
function when(iso: string | null, now: number, t: T): string {
  const time = iso ? Date.parse(iso) : NaN
  return Number.isFinite(time) ? formatAgo(time, now, pageLocale) : t('feeds.never')
}

/** What the last "Run now" of a feed did, in the editor's language. */
function ranText(ran: FeedRunState, t: T): string {
  if (ran.state === 'running') return t('feeds.running')
  if (ran.state === 'error') return localError(ran.error, 'feed_run_failed', t)
  const { run } = ran
  if (run.state === 'failed') return t('feeds.ranFailed', { error: run.error ?? '' })
  if (run.state === 'not-modified') return t('feeds.ranUnchanged')
  return t('feeds.ran', {
    added: run.added.toLocaleString(pageLocale),
    changed: run.changed.toLocaleString(pageLocale),
    removed: run.removed.toLocaleString(pageLocale),
  })
}

export function FeedHealth({ t }: { t: T }) {
  const feeds = useStore($feeds)
  const runs = useStore($feedRuns)
  // Relative times move on between refreshes (the page's clock).
  const now = useStore($now)

  return (
    <section className="feed-health" aria-labelledby="feed-health-title">
      <h2 id="feed-health-title">{t('feeds.title')}</h2>
      {feeds.state === 'loading' && <div className="skeleton" aria-busy="true" aria-label={t('feeds.loading')} />}
      {feeds.state === 'error' && (
        <div>
          <FormError message={feeds.forbidden ? t('feeds.forbidden') : t('feeds.error')} />
          {!feeds.forbidden && (
            <button type="button" className="button" onClick={retryFeeds}>
              {t('editor.retry')}
            </button>
          )}
        </div>
      )}
      {feeds.state === 'ok' && !feeds.feeds.length && <p className="empty-title">{t('feeds.empty')}</p>}
      {feeds.state === 'ok' && feeds.feeds.length > 0 && (
        <div className="table-scroll">
          <table className="editor-table feed-table">
            <caption className="sr-only">{t('feeds.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('feeds.feed')}</th>
                <th scope="col">{t('feeds.status')}</th>
                <th scope="col">{t('feeds.lastSuccess')}</th>
                <th scope="col">{t('feeds.lastError')}</th>
                <th scope="col">{t('feeds.items')}</th>
                <th scope="col">{t('feeds.nextRun')}</th>
                <th scope="col">
                  <span className="sr-only">{t('feeds.runNow')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {feeds.feeds.map((feed) => {
                const status = feedStatus(feed)
                const leftOut = leftOutLines(feed)
                return (
                  <tr key={feed.id} className={status === 'off' ? 'inactive' : undefined}>
                    <th scope="row">
                      {feed.name}
                      <span className="muted feed-id"> {feed.id}</span>
                      {feed.requestsToday !== undefined && (
                        <span className="muted feed-budget">
                          {' '}
                          {t('feeds.budget', {
                            count: feed.requestsToday.toLocaleString(pageLocale),
                            budget: (feed.dailyBudget ?? 0).toLocaleString(pageLocale),
                            areas: (feed.areas ?? 0).toLocaleString(pageLocale),
                          })}
                        </span>
                      )}
                    </th>
                    <td data-label={t('feeds.status')}>
                      <span className={`tag feed-${status}`}>{t(`feedState.${status}`)}</span>
                      {/* A failing feed whose items have also turned old says both. */}
                      {feed.stale && status === 'failing' && (
                        <>
                          {' '}
                          <span className="tag feed-stale">{t('feedState.stale')}</span>
                        </>
                      )}
                      {feed.failures > 1 && (
                        <span className="muted"> {t('feeds.failures', { count: String(feed.failures) })}</span>
                      )}
                    </td>
                    <td data-label={t('feeds.lastSuccess')}>{when(feed.lastSuccessAt, now, t)}</td>
                    <td data-label={t('feeds.lastError')}>
                      {feed.lastError ? (
                        <>
                          <span className="feed-error">{feed.lastError}</span>{' '}
                          <span className="muted">{when(feed.lastErrorAt, now, t)}</span>
                        </>
                      ) : (
                        <span className="muted">{t('feeds.noError')}</span>
                      )}
                    </td>
                    <td data-label={t('feeds.items')}>
                      {feed.itemCount.toLocaleString(pageLocale)}
                      {/* Alerts waiting for their zone shapes are not in the count: say so, or they are silently missing. */}
                      {(feed.withheld ?? 0) > 0 && (
                        <span className="muted feed-withheld">
                          {' '}
                          {t('feeds.withheld', { count: (feed.withheld ?? 0).toLocaleString(pageLocale) })}
                        </span>
                      )}
                      {(feed.skipped ?? 0) > 0 && (
                        <span className="muted feed-skipped">
                          {' '}
                          {t('feeds.skipped', { count: (feed.skipped ?? 0).toLocaleString(pageLocale) })}
                        </span>
                      )}
                      {/* Left out on purpose (ended, tests, cancels, updates, shown by another feed): counted, never silent. */}
                      {leftOut.length > 0 && (
                        <span className="muted feed-left-out" title={t('feeds.leftOutLabel')}>
                          {' '}
                          {leftOut
                            .map((line) =>
                              t(`feedLeftOut.${line.reason}`, {
                                count: line.count.toLocaleString(pageLocale),
                                reason: line.code,
                              }),
                            )
                            .join(' · ')}
                        </span>
                      )}
                    </td>
                    <td data-label={t('feeds.nextRun')}>{feed.enabled ? when(feed.nextRunAt, now, t) : t('feedState.off')}</td>
                    <td data-label={t('feeds.runNow')}>
                      {/* Scheduled feeds only: the business fetcher (osm) runs per area on demand, not as one feed. */}
                      {feed.enabled && feed.requestsToday === undefined && (
                        <button
                          type="button"
                          className="button"
                          disabled={runs[feed.id]?.state === 'running'}
                          onClick={() => void runFeedNow(feed.id)}
                        >
                          {t('feeds.runNow')}
                        </button>
                      )}
                      {runs[feed.id] && (
                        <span className="muted feed-ran" role="status">
                          {' '}
                          {ranText(runs[feed.id]!, t)}
                        </span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
