import { useStore } from '@nanostores/react'
import { itemSource } from '../../lib/live/feed-source.ts'
import { severityOf } from '../../lib/live/severity.ts'
import { priorityLevel } from '../../lib/live/statuses.ts'
import { $roads, reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/source.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { Checked, ItemTimes, ItemTitle, SourceCredit, distanceText, stateLabel } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'
import { EmptyCoverage } from '../coverage/EmptyCoverage.tsx'

/** Road conditions: each road item with its groups of entries, direction labels and lane closures. */
export function RoadsList() {
  const t = useT()
  const now = useStore($now)
  const roads = useStore($roads)
  const { locale, settings, timeZone } = useLiveDisplay()
  return (
    <SourceCard source={reaction} errorKey="error.roads">
      {(data) => {
        if (!t || !roads) return null
        if (!roads.groups.length)
          return (
            <div>
              <p className="empty-title">{t('empty.roads')}</p>
              <EmptyCoverage section="roads" locale={locale} t={t} />
            </div>
          )
        const items = new Map(data.roads.messages.map((item) => [item.id, item]))
        return (
          <ul className="live-list">
            {roads.groups.map((group) => {
              const item = items.get(group.itemId)
              return (
                <li key={group.itemId} className="road">
                  <p className="live-title">
                    {item ? <ItemTitle title={item.title} href={item.link} /> : <strong>{group.title}</strong>}{' '}
                    {item?.state && (
                      <span className={`tag state sev-${severityOf(item, 'roads')}`}>{stateLabel(item.state, t)}</span>
                    )}
                  </p>
                  {item && <ItemTimes item={item} now={now} locale={locale} timeZone={timeZone} t={t} />}
                  {item?.data.lines.map((line, index) => (
                    <p key={index}>{line}</p>
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
                          {entry.state && <span className="tag state">{stateLabel(entry.state, t)}</span>}
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
            })}
          </ul>
        )
      }}
    </SourceCard>
  )
}
