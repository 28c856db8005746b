// The Application Insights half of usage telemetry: loaded only when telemetry is on, after the page is interactive.
import { ApplicationInsights } from '@microsoft/applicationinsights-web'
import { $authToken } from '../stores/session.ts'
import { sdkConfig, type Connection } from '../telemetry/config.ts'
import { cleanUrl, type TelemetryEvent } from '../telemetry/events.ts'
import { userIdFromToken } from '../telemetry/user-id.ts'
import type { Sink } from './telemetry.ts'

const newId = (): string => crypto.randomUUID().replace(/-/g, '')

function send(ai: ApplicationInsights, event: TelemetryEvent): void {
  switch (event.kind) {
    case 'page':
      return ai.trackPageView({ name: event.name, uri: event.uri, refUri: event.refUri, properties: event.properties })
    case 'event':
      return ai.trackEvent({ name: event.name, properties: event.properties, measurements: event.measurements })
    case 'dependency':
      return ai.trackDependencyData({
        id: newId(),
        type: 'Fetch',
        // The SDK takes the host from `target` as a URL and puts `name` in the envelope's data too.
        name: event.name,
        target: event.data,
        responseCode: event.resultCode,
        success: event.success,
        duration: event.duration,
        startTime: new Date(event.startTime),
        properties: event.properties,
      })
    case 'exception': {
      const error = new Error(event.message)
      error.name = event.name
      if (event.stack) error.stack = event.stack
      return ai.trackException({ id: newId(), exception: error, severityLevel: 3, properties: event.properties })
    }
  }
}

/**
 * Starts the SDK, sends what waited, and returns where later events go. The signed-in user's id
 * (checked by userIdFromToken; a rejected one is not sent) follows the stored token; it is kept
 * in memory, not in a cookie.
 * @example const sink = connect(connection, backlog); sink(event)
 */
export function connect(connection: Connection, backlog: TelemetryEvent[]): Sink {
  const ai = new ApplicationInsights({ config: sdkConfig(connection) })
  ai.loadAppInsights()
  // The SDK names operations after the path; a reset link's path holds its token.
  ai.addTelemetryInitializer((item) => {
    const tags = item.tags as Record<string, unknown> | undefined
    if (tags) tags['ai.operation.name'] = new URL(cleanUrl(location.href) || location.origin).pathname
  })
  // The user context is brought up to date before each event, so a sign-in event carries the new id.
  let token: string | null | undefined
  const sink: Sink = (event) => {
    if ($authToken.get() !== token) {
      token = $authToken.get()
      const id = userIdFromToken(token)
      if (id) ai.setAuthenticatedUserContext(id, undefined, false)
      else ai.clearAuthenticatedUserContext()
    }
    send(ai, event)
  }
  for (const event of backlog) sink(event)
  return sink
}
