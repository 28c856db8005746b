import { useStore } from '@nanostores/react'
import { ALERT_CATEGORIES, priorityLevel, groupStatuses } from '../../lib/live/statuses.ts'
import { FILTER_FROM, FOLD_FROM, SHOWN_PER_GROUP, orderStatusGroups, passes, splitShown } from '../../lib/live/order.ts'
import { priorityRank, type AlertItem } from '../../lib/items.ts'
import { safeHttpUrl } from '../../lib/safe-url.ts'
import { itemSource } from '../../lib/live/feed-source.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/clock.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT, type T } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { Checked, ItemTimes, ItemTitle, SourceCredit, distanceText, stateLabel } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'
import { AlertText } from './AlertText.tsx'
import { EmptyCoverage } from '../coverage/LazyEmptyCoverage.tsx'
import { FilterBar, Folded, NoMatch, useHashFilter } from './ListTools.tsx'
import { HealthNote } from './HealthNote.tsx'
import { healthNote } from '../../lib/live/health.ts'
import type { SectionHealth } from '../../lib/live/unchecked.ts'

const rankOf = (item: AlertItem): number => priorityRank(item.priority)

/**
 * Statuses near the point, grouped by category, the group with the most pressing item first; a long
 * group folds after a few items ("12 more in Traffic"). Every text shown as text, links and images http(s) only.
 */
export function StatusesList() {
  const t = useT()
  const [filter, setFilter] = useHashFilter(ALERT_CATEGORIES)
  const now = useStore($now)
  const { locale, timeZone } = useLiveDisplay()
  return (
    <SourceCard source={reaction} errorKey="error.statuses">
      {(data) => {
        if (!t) return null
        const all = data.statuses.messages
        const { health } = data.statuses
        const note = healthNote(health, 'statuses', all.length, now, locale, timeZone, t)
        const groups = orderStatusGroups(groupStatuses(all))
        if (!groups.length) return <Empty t={t} health={health} note={note} />
        const shownGroups = groups
          .filter((group) => filter.kind === 'all' || group.category === filter.kind)
          .map((group) => ({ ...group, items: group.items.filter((item) => passes(rankOf(item), filter.prio)) }))
          .filter((group) => group.items.length > 0)
        const label = (kind: string) => t(`category.${kind as (typeof ALERT_CATEGORIES)[number]}`)
        return (
          <>
            <HealthNote lines={note} />
            {all.length >= FILTER_FROM && (
              <FilterBar
                filter={filter}
                onChange={setFilter}
                kinds={groups.map((group) => group.category)}
                kindLabel={label}
                t={t}
              />
            )}
            {!shownGroups.length && <NoMatch onReset={() => setFilter({ prio: 'all', kind: 'all' })} t={t} />}
            {shownGroups.map(({ category, items }) => {
              const { shown, folded } = splitShown(items, rankOf, all.length >= FOLD_FROM ? SHOWN_PER_GROUP : Infinity)
              return (
                <section key={category} className="status-group" aria-labelledby={`cat-${category}`}>
                  <div className="group-head">
                    <h3 id={`cat-${category}`}>{label(category)}</h3>
                    <span className="group-count">{items.length}</span>
                  </div>
                  <ul className="live-list">
                    {shown.map((item) => (
                      <StatusItem key={item.id} item={item} t={t} />
                    ))}
                  </ul>
                  {folded.length > 0 && (
                    <Folded label={t('live.more', { count: String(folded.length), group: label(category) })}>
                      <ul className="live-list">
                        {folded.map((item) => (
                          <StatusItem key={item.id} item={item} t={t} />
                        ))}
                      </ul>
                    </Folded>
                  )}
                </section>
              )
            })}
          </>
        )
      }}
    </SourceCard>
  )
}

/**
 * No statuses: "No Statuses, nothing is reported" only when the sources that cover the place answered; when none
 * did, the SPEC's error title and who did not answer; when some did not, the empty title and who.
 */
function Empty({ t, health, note }: { t: T; health: SectionHealth | undefined; note: string[] | null }) {
  const { locale } = useLiveDisplay()
  return (
    <div>
      <p className="empty-title">{t(health?.status === 'down' ? 'error.statuses' : 'empty.statuses')}</p>
      {note ? <HealthNote lines={note} titled={health?.status === 'down'} /> : <p className="muted">{t('empty.hint')}</p>}
      <EmptyCoverage section="statuses" locale={locale} t={t} />
    </div>
  )
}

/** One status: priority and state above a bold title, its lines as the summary, when, then where and who. */
function StatusItem({ item, t }: { item: AlertItem; t: T }) {
  const now = useStore($now)
  const { locale, settings, timeZone } = useLiveDisplay()
  const level = priorityLevel(item.priority)
  const image = safeHttpUrl(item.image) ?? safeHttpUrl(item.icon)
  const linked = safeHttpUrl(item.link) !== null
  return (
    <li className={`live-item prio-${level}${linked ? ' linked' : ''}`}>
      {image && <img src={image} alt="" width="48" height="48" loading="lazy" decoding="async" />}
      <div className="live-body">
        <p className="live-tags">
          <span className={`tag prio prio-${level}`}>{t(`priority.${level}`)}</span>{' '}
          {item.state && <span className="tag state">{stateLabel(item.state, t)}</span>}
        </p>
        <p className="live-title">
          <ItemTitle title={item.title} href={item.link} />
        </p>
        <AlertText item={item} now={now} locale={locale} timeZone={timeZone} t={t} />
        <ItemTimes item={item} now={now} locale={locale} timeZone={timeZone} t={t} />
        <p className="muted live-meta">
          {item.distance !== null && <span>{distanceText(item.distance, settings, locale, t)}</span>}{' '}
          <Checked
            retrieved={item.retrieved}
            isOld={item.isOld}
            now={now}
            locale={locale}
            t={t}
            fromFeed={itemSource(item) !== null}
          />{' '}
          <SourceCredit item={item} t={t} /> <EditButton item={item} t={t} />
        </p>
      </div>
    </li>
  )
}
