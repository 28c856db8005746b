import { useState } from 'react'
import type { NearestCamera } from '../../lib/dashboard/summary.ts'
import type { Settings } from '../../lib/decode/stored-settings.ts'
import { distanceText } from '../live/Entry.tsx'
import type { T } from '../../i18n/use-t.ts'

/** The nearest camera's still (http(s) only, a fixed 4:3 box), its name and distance, linking to the Cameras page. */
export function NowCamera(props: { camera: NearestCamera | null; t: T; href: string; settings: Settings; locale: string }) {
  const { camera, t } = props
  const [broken, setBroken] = useState<string | null>(null)
  if (!camera) return <p className="empty-title">{t('empty.cameras')}</p>
  const { item, image } = camera
  const distance = distanceText(item.distance, props.settings, props.locale, t)
  return (
    <figure className="dash-camera">
      <a href={props.href}>
        {image && broken !== image ? (
          <img
            className="camera-img"
            src={image}
            alt={item.title}
            width="640"
            height="480"
            decoding="async"
            onError={() => setBroken(image)}
          />
        ) : (
          <span className="camera-img camera-missing">
            <span className="sr-only">{item.title}: </span>
            {t('cameras.unavailable')}
          </span>
        )}
      </a>
      <figcaption>
        <strong>{item.title}</strong>
        {distance && <span className="muted"> · {distance}</span>}
      </figcaption>
    </figure>
  )
}
