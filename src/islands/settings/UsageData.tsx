import { useEffect, useState } from 'react'
import { publicEnv } from '../../lib/public-env.ts'
import { browserSignals, telemetryState, type TelemetryState } from '../../lib/telemetry/consent.ts'
import type { SettingsLabels } from './labels.ts'

const STATUS_KEYS = {
  on: 'telemetry.on',
  unconfigured: 'telemetry.offSite',
  gpc: 'telemetry.offGpc',
  dnt: 'telemetry.offDnt',
} as const

const connectionString = (): string | undefined => publicEnv('PUBLIC_APPINSIGHTS_CONNECTION_STRING')

/** What usage data the site collects, how to turn it off, and whether it is on here. */
export function UsageData({ labels }: { labels: SettingsLabels }) {
  // The static HTML says what the build configured; the browser's own signals are read after hydration.
  const [state, setState] = useState<TelemetryState>(() => telemetryState(connectionString(), {}))
  useEffect(() => setState(telemetryState(connectionString(), browserSignals(navigator, window))), [])
  const status = STATUS_KEYS[state.state === 'on' ? 'on' : state.reason]
  return (
    <section className="card" aria-labelledby="usage-h">
      <h2 id="usage-h">{labels['telemetry.title']}</h2>
      <p>{labels['telemetry.collected']}</p>
      <p>{labels['telemetry.privacy']}</p>
      <p>
        <strong data-telemetry={state.state === 'on' ? 'on' : state.reason}>{labels[status]}</strong>
      </p>
    </section>
  )
}
