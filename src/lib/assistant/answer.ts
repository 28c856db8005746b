/** The built-in assistant: a question and a data snapshot in, a plain-text answer with its source out. */
import type { I18nKey } from '../../i18n/translate.ts'
import { formatAgo } from '../format.ts'
import { LOCAL_ANSWERS } from './answer-local.ts'
import { FORECAST_ANSWERS } from './answer-weather.ts'
import { makeContext, type T } from './context.ts'
import type { Reading } from './intents.ts'
import { SOURCE_OF, type Snapshot, type SourceName } from './snapshot.ts'

/** `cite` names the data and its age; null for answers that use none. */
export type Answer = { text: string; cite: string | null }

const CITE: Record<SourceName, I18nKey> = {
  forecast: 'assistant.cite.forecast',
  air: 'assistant.cite.air',
  alerts: 'assistant.cite.alerts',
  live: 'assistant.cite.live',
}
const LOADING: Record<SourceName, I18nKey> = {
  forecast: 'assistant.loading.forecast',
  air: 'assistant.loading.air',
  alerts: 'assistant.loading.alerts',
  live: 'assistant.loading.live',
}
const FAILED: Record<SourceName, I18nKey> = {
  forecast: 'assistant.failed.forecast',
  air: 'assistant.failed.air',
  alerts: 'assistant.failed.alerts',
  live: 'assistant.failed.live',
}

/**
 * Answers a read question from the snapshot, in the snapshot's language and units. Says plainly
 * when the question is outside what it knows, when there is no place, and when the data it needs
 * is still loading or failed to load.
 * @example answer(readQuestion('Will it rain tomorrow?'), snapshot, t, 'Will it rain tomorrow?').text
 * // 'Tomorrow in Duvall, WA: 80% chance of precipitation, about 0.2 in in all (Rain (moderate)).'
 */
export function answer(reading: Reading, snapshot: Snapshot, t: T, question: string): Answer {
  const { intent, scope } = reading
  if (intent === 'unknown') return { text: t('assistant.unknown'), cite: null }
  if (intent === 'help') return { text: t('assistant.help'), cite: null }
  if (!snapshot.place) return { text: t('assistant.noPlace'), cite: null }
  const source = SOURCE_OF[intent]
  if (!source) return { text: t('assistant.unknown'), cite: null }
  const state = snapshot[source]
  if (state.state === 'loading') return { text: t(LOADING[source]), cite: null }
  if (state.state === 'error') return { text: t(FAILED[source]), cite: null }
  const c = makeContext(snapshot, t)
  const cite = c.join(
    t(CITE[source], { ago: formatAgo(state.fetchedAt, snapshot.now, snapshot.locale) }),
    state.failed ? t('assistant.updateFailed') : '',
  )
  const text = (() => {
    const { forecast, air, alerts, live } = snapshot
    switch (intent) {
      case 'rain':
      case 'temperature':
      case 'weather':
      case 'wind':
      case 'uv':
        return forecast.state === 'ok' ? FORECAST_ANSWERS[intent](c, forecast.data, scope) : ''
      case 'air':
        return air.state === 'ok' ? LOCAL_ANSWERS.air(c, air.data, scope) : ''
      case 'alerts':
        return alerts.state === 'ok' ? LOCAL_ANSWERS.alerts(c, alerts.data) : ''
      case 'statuses':
        return live.state === 'ok' ? LOCAL_ANSWERS.statuses(c, live.data, question) : ''
      case 'roads':
        return live.state === 'ok' ? LOCAL_ANSWERS.roads(c, live.data) : ''
      case 'open':
        return live.state === 'ok' ? LOCAL_ANSWERS.open(c, live.data, reading.business) : ''
    }
  })()
  return { text, cite }
}
