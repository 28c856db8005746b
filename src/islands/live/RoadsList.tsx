import { useStore } from '@nanostores/react'
import { itemSource } from '../../lib/live/feed-source.ts'
import { severityOf } from '../../lib/live/severity.ts'
import { priorityLevel } from '../../lib/live/statuses.ts'
import { FILTER_FROM, FOLD_FROM, orderRoadGroups, passes, roadGroupRank, roadRank, splitShown } from '../../lib/live/order.ts'
import type { RoadGroup } from '../../lib/live/roads.ts'
import { scheduleText } from '../../lib/live/schedule.ts'
import { PRIORITIES, type AlertItem } from '../../lib/items.ts'
import { $roads, reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/clock.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT, type T } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { Checked, ItemTimes, ItemTitle, SourceCredit, distanceText, stateLabel } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'
import { EmptyCoverage } from '../coverage/LazyEmptyCoverage.tsx'
import { FilterBar, Folded, NoMatch, useHashFilter } from './ListTools.tsx'
import { HealthNote } from './HealthNote.tsx'
import { healthNote } from '../../lib/live/health.ts'
import type { SectionHealth } from '../../lib/live/unchecked.ts'

/** Roads shown before the rest folds by priority ("Info: 40 more"); closed and urgent roads never fold. */
const ROADS_SHOWN = 5
const NO_KINDS: readonly string[] = []

/** Road conditions, the most pressing road first: each road item with its entries, direction labels and lane closures. */
export function RoadsList() {
  const t = useT()
  const roads = useStore($roads)
  const [filter, setFilter] = useHashFilter(NO_KINDS)
  const now = useStore($now)
  const { locale, timeZone } = useLiveDisplay()
  return (
    <SourceCard source={reaction} errorKey="error.roads">
      {(data) => {
        if (!t || !roads) return null
        const { health } = data.roads
        const note = healthNote(health, 'roads', roads.groups.length, now, locale, timeZone, t)
        if (!roads.groups.length) return <Empty t={t} health={health} note={note} />
        const items = new Map(data.roads.messages.map((item) => [item.id, item]))
        const ordered = orderRoadGroups(roads.groups)
          .map((group) => ({ ...group, entries: group.entries.filter((entry) => passes(roadRank(entry), filter.prio)) }))
          .filter((group) => group.entries.length > 0)
        const { shown, folded } = splitShown(ordered, roadGroupRank, roads.groups.length >= FOLD_FROM ? ROADS_SHOWN : Infinity)
        // The folded rest by its most pressing level: "Warning: 3 more", "Info: 40 more".
        const levels = new Map<string, RoadGroup[]>()
        for (const group of folded) {
          const level = priorityLevel(PRIORITIES[Math.min(roadGroupRank(group), PRIORITIES.length - 1)] ?? 'Normal')
          levels.set(level, [...(levels.get(level) ?? []), group])
        }
        const road = (group: RoadGroup) => <Road key={group.itemId} group={group} item={items.get(group.itemId)} t={t} />
        return (
          <>
            <HealthNote lines={note} />
            {roads.groups.length >= FILTER_FROM && <FilterBar filter={filter} onChange={setFilter} t={t} />}
            {!ordered.length && <NoMatch onReset={() => setFilter({ prio: 'all', kind: 'all' })} t={t} />}
            <ul className="live-list">{shown.map(road)}</ul>
            {[...levels].map(([level, groups]) => (
              <div key={level} className="fold">
                <Folded
                  label={t('live.moreLevel', {
                    count: String(groups.length),
                    level: t(`priority.${level as ReturnType<typeof priorityLevel>}`),
                  })}
                >
                  <ul className="live-list">{groups.map(road)}</ul>
                </Folded>
              </div>
            ))}
          </>
        )
      }}
    </SourceCard>
  )
}

/** No roads: the SPEC's error title when no covering source answered, the empty title otherwise; who did not answer. */
function Empty({ t, health, note }: { t: T; health: SectionHealth | undefined; note: string[] | null }) {
  const { locale } = useLiveDisplay()
  return (
    <div>
      <p className="empty-title">{t(health?.status === 'down' ? 'error.roads' : 'empty.roads')}</p>
      <HealthNote lines={note} titled={health?.status === 'down'} />
      <EmptyCoverage section="roads" locale={locale} t={t} checked={!note} />
    </div>
  )
}

/** One road item: its title and state, when, its lines, then each entry with priority, direction and lanes. */
function Road({ group, item, t }: { group: RoadGroup; item: AlertItem | undefined; t: T }) {
  const now = useStore($now)
  const { locale, settings, timeZone } = useLiveDisplay()
  const top = group.entries[0]
  const level = top ? priorityLevel(roadRank(top) === 0 ? 'Critical' : top.priority) : 'normal'
  return (
    <li className={`road prio-${level}`}>
      <p className="live-title">
        {item ? <ItemTitle title={item.title} href={item.link} /> : <strong>{group.title}</strong>}{' '}
        {item?.state && <span className={`tag state sev-${severityOf(item, 'roads')}`}>{stateLabel(item.state, t)}</span>}
      </p>
      {item && <ItemTimes item={item} now={now} locale={locale} timeZone={timeZone} t={t} />}
      {group.schedule && <p className="live-times road-schedule">{scheduleText(group.schedule, locale, timeZone, t)}</p>}
      {item?.data.lines.map((line, index) => (
        <p key={index} className="live-summary">
          {line}
        </p>
      ))}
      <ul className="road-entries">
        {group.entries.map((entry) => (
          <li key={entry.id} className={`road-entry sev-${severityOf(entry, 'roads')}`}>
            {/* Priority, direction and lanes on one line, the entry's own words under them. */}
            <p>
              <span className={`tag prio prio-${priorityLevel(entry.priority)}`}>
                {t(`priority.${priorityLevel(entry.priority)}`)}
              </span>{' '}
              {entry.direction && <span className="tag">{t(`direction.${entry.direction}`)}</span>}{' '}
              {entry.laneClosure && <span className="tag lane">{t('roads.laneClosure')}</span>}
            </p>
            <p>
              {entry.group && entry.group !== entry.title && entry.group !== item?.title && (
                <span className="muted">{entry.group}: </span>
              )}
              <strong>{entry.title}</strong>{' '}
              {/* A closed crossing's state word is its priority's ("Critical"): said once, by the tag above. */}
              {entry.state && stateLabel(entry.state, t) !== t(`priority.${priorityLevel(entry.priority)}`) && (
                <span className="tag state">{stateLabel(entry.state, t)}</span>
              )}
            </p>
            {entry.description && <p>{entry.description}</p>}
            {entry.distance !== null && <p className="muted">{distanceText(entry.distance, settings, locale, t)}</p>}
          </li>
        ))}
      </ul>
      {item && (
        <p className="muted live-meta">
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
      )}
    </li>
  )
}
