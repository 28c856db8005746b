import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import type { AlertItem } from '../../lib/items.ts'
import { safeHttpUrl } from '../../lib/safe-url.ts'
import { reaction } from '../../lib/stores/reaction.ts'
import { $now } from '../../lib/stores/clock.ts'
import { SourceCard } from '../weather/Card.tsx'
import { useT, type T } from '../../i18n/use-t.ts'
import { useLiveDisplay } from './hooks.ts'
import { EmptyCoverage } from '../coverage/LazyEmptyCoverage.tsx'
import { HealthNote } from './HealthNote.tsx'
import { healthNote } from '../../lib/live/health.ts'
import { SourceCredit, distanceText } from './Entry.tsx'
import { EditButton } from './EditButton.tsx'

/** One camera still: lazy, fixed 4:3 box (no layout shift), a placeholder instead of a broken image. */
function Still({ item, t, large = false }: { item: AlertItem; t: T; large?: boolean }) {
  const [broken, setBroken] = useState(false)
  const src = safeHttpUrl(item.image) ?? safeHttpUrl(item.dataLink)
  if (!src || broken) return <span className="camera-img camera-missing">{t('cameras.unavailable')}</span>
  return (
    <img
      className="camera-img"
      src={src}
      // In the grid the button's own text names the camera; the large view describes the picture.
      alt={large ? item.title : ''}
      loading={large ? 'eager' : 'lazy'}
      decoding="async"
      width="640"
      height="480"
      onError={() => setBroken(true)}
    />
  )
}

/** Traffic cameras near the point (at most 60), sized by the image-size setting; a click opens a larger view. */
export function CamerasGrid() {
  const t = useT()
  const { locale, settings, timeZone } = useLiveDisplay()
  const now = useStore($now)
  const dialog = useRef<HTMLDialogElement>(null)
  const [open, setOpen] = useState<AlertItem | null>(null)
  const show = (item: AlertItem): void => {
    setOpen(item)
    dialog.current?.showModal()
  }
  return (
    <SourceCard source={reaction} errorKey="error.cameras">
      {(data) => {
        if (!t) return null
        const cameras = data.cameras.messages
        const note = healthNote(data.cameras.health, 'cameras', cameras.length, now, locale, timeZone, t)
        if (!cameras.length)
          return (
            <div>
              <p className="empty-title">{t(data.cameras.health?.status === 'down' ? 'error.cameras' : 'empty.cameras')}</p>
              <HealthNote lines={note} titled={data.cameras.health?.status === 'down'} />
              <EmptyCoverage section="cameras" locale={locale} t={t} checked={!note} />
            </div>
          )
        return (
          <>
            <HealthNote lines={note} />
            <ul className="camera-grid" style={{ '--camera-min': `${120 + 60 * settings.imageSize}px` } as React.CSSProperties}>
              {cameras.map((item) => (
                <li key={item.id}>
                  <button type="button" className="camera-open" onClick={() => show(item)}>
                    <span className="sr-only">{t('cameras.view', { title: item.title })}</span>
                    <Still item={item} t={t} />
                  </button>
                  <p className="camera-title">
                    {item.title} <EditButton item={item} t={t} />
                  </p>
                  <p className="muted">
                    {[item.data.location ?? item.data.lines[0], distanceText(item.distance, settings, locale, t)]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="muted">
                    <SourceCredit item={item} t={t} />
                  </p>
                </li>
              ))}
            </ul>
            <dialog ref={dialog} className="camera-dialog" aria-label={open?.title ?? ''} onClose={() => setOpen(null)}>
              {open && (
                <>
                  <Still item={open} t={t} large />
                  <p>
                    <strong>{open.title}</strong>
                  </p>
                  <form method="dialog">
                    <button type="submit" className="button">
                      {t('cameras.close')}
                    </button>
                  </form>
                </>
              )}
            </dialog>
          </>
        )
      }}
    </SourceCard>
  )
}
