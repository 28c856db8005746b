import { atom, type ReadableAtom } from 'nanostores'
import { loadDictionary } from '../../i18n/lazy.ts'
import { translator, type T } from '../../i18n/translate.ts'
import { ApiError } from '../api/porchlight.ts'
import { answer } from '../assistant/answer.ts'
import { readQuestion } from '../assistant/intents.ts'
import { ANSWER_MAX, limitQuestion } from '../assistant/limits.ts'
import { SOURCE_OF, sourced, type Snapshot, type SourceName } from '../assistant/snapshot.ts'
import { buildSummary } from '../assistant/summary.ts'
import { parseBusiness } from '../live/business.ts'
import type { SourceState } from '../retry.ts'
import type { Locale } from '../routing/routes.ts'
import { api } from './api.ts'
import { $pagePoint } from './place.ts'
import { $roads, reaction } from './reaction.ts'
import { $settings } from './settings.ts'
import { air } from './weather/air.ts'
import { alerts } from './weather/alerts.ts'
import { forecast } from './weather/forecast.ts'

/**
 * The assistant's conversation, kept in memory only: nothing is persisted, so it lasts while the
 * page does and is gone on reload. Answers are built in the browser from the page's shared
 * sources; when the API has a model configured it answers instead, the built-in answer standing in
 * for any failure.
 */
export type Turn =
  | { id: number; question: string; state: 'thinking' }
  | { id: number; question: string; state: 'done'; text: string; cite: string | null; via: 'builtin' | 'model' }

export const $assistantOpen = atom(false)
export const $conversation = atom<Turn[]>([])

/** How long a question waits for a source that is still loading before saying so. */
export const SETTLE_MS = 8_000
const MODEL_TIMEOUT_MS = 20_000

const SOURCES: Record<SourceName, ReadableAtom<SourceState<unknown>>> = {
  forecast: forecast.$state,
  air: air.$state,
  alerts: alerts.$state,
  live: reaction.$state,
}

/**
 * Unknown until the first question, which asks the API once whether it has a model (GET, 200 either
 * way); 'off' when it has none or could not say, or once a question was answered 404 all the same.
 */
let model: 'unknown' | 'on' | 'off' = 'unknown'
let asking: Promise<void> | null = null

function learnModel(): Promise<void> {
  asking ??= api
    .assistantStatus()
    .then((status) => void (model = status.configured === true ? 'on' : 'off'))
    .catch(() => void (model = 'off'))
  return asking
}
let nextId = 1

/** Shows the panel; the conversation is kept while it is hidden. */
export function openAssistant(): void {
  $assistantOpen.set(true)
}
/** Hides the panel. */
export function closeAssistant(): void {
  $assistantOpen.set(false)
}
/** What the Assistant button does. */
export function toggleAssistant(): void {
  $assistantOpen.set(!$assistantOpen.get())
}

const settled = (state: SourceState<unknown>): boolean => state.state === 'ok' || state.state === 'error'

/** Listens to a source (which starts its fetch when not fresh) until it has data or failed, or the time is up. */
function settle(store: ReadableAtom<SourceState<unknown>>, ms: number): { done: Promise<void>; release: () => void } {
  let stop = (): void => undefined
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    stop = store.listen((state) => {
      if (!settled(state)) return
      clearTimeout(timer)
      resolve()
    })
    if (settled(store.get())) {
      clearTimeout(timer)
      resolve()
    }
  })
  return { done, release: () => stop() }
}

function snapshotNow(locale: string): Snapshot {
  const point = $pagePoint.get()
  const settings = $settings.get()
  const weather = forecast.$state.get()
  const roads = $roads.get()
  return {
    now: Date.now(),
    locale,
    units: { temperature: settings.temperature, windSpeed: settings.windSpeed, distance: settings.distance },
    place: point && {
      name: point.name,
      timeZone: point.timeZone ?? (weather.state === 'ok' ? weather.data.timezone : null) ?? 'UTC',
    },
    forecast: sourced(weather, (data) => data),
    air: sourced(air.$state.get(), (data) => data),
    alerts: sourced(alerts.$state.get(), (data) => data),
    live: sourced(reaction.$state.get(), (data) => ({
      statuses: data.statuses.messages,
      roads: roads?.groups ?? [],
      businesses: data.local.messages.map(parseBusiness),
    })),
  }
}

/** The API's model answer, or null when there is none (not configured, failed, timed out, empty). */
async function askModel(question: string, language: Locale, summary: string): Promise<string | null> {
  if (model === 'unknown') await learnModel()
  if (model === 'off') return null
  try {
    const body = await api.assistant({ question, language, summary }, MODEL_TIMEOUT_MS)
    const text = body.answer
    return typeof text === 'string' && text.trim() ? text.trim().slice(0, ANSWER_MAX) : null
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) model = 'off'
    return null
  }
}

function finish(id: number, done: Omit<Extract<Turn, { state: 'done' }>, 'id' | 'question' | 'state'>): void {
  $conversation.set($conversation.get().map((turn) => (turn.id === id ? { ...turn, state: 'done', ...done } : turn)))
}

/**
 * Asks a question (trimmed and cut to the length limit) in the page's language and adds the
 * question and, once ready, its plain-text answer to the conversation.
 * @example await ask('Will it rain tomorrow?', 'en')
 */
export async function ask(question: string, locale: Locale): Promise<void> {
  const text = limitQuestion(question)
  if (!text) return
  const id = nextId++
  $conversation.set([...$conversation.get(), { id, question: text, state: 'thinking' }])
  let dictionary: Record<string, string> = {}
  try {
    dictionary = await loadDictionary(locale, ['visitor', 'assistant'])
    await answerTurn(id, text, locale, translator(dictionary, locale))
  } catch {
    // Only a chunk that failed to load (offline) gets here; the turn must not stay "thinking".
    finish(id, { text: dictionary['error.loadData'] ?? 'Unable to load data. Please try again.', cite: null, via: 'builtin' })
  }
}

async function answerTurn(id: number, text: string, locale: Locale, t: T): Promise<void> {
  const names = (): string[] => {
    const state = reaction.$state.get()
    return state.state === 'ok' ? state.data.local.messages.map((item) => parseBusiness(item).title) : []
  }
  let reading = readQuestion(text, names())
  const source = SOURCE_OF[reading.intent]
  const waits = $pagePoint.get() && source ? [settle(SOURCES[source], SETTLE_MS)] : []
  try {
    await Promise.all(waits.map((wait) => wait.done))
    // A business can only be recognised by name once the local data is there.
    if (source === 'live') reading = readQuestion(text, names())
    const snapshot = snapshotNow(locale)
    const reply = snapshot.place ? await askModel(text, locale, buildSummary(snapshot, t)) : null
    if (reply) finish(id, { text: reply, cite: t('assistant.viaModel'), via: 'model' })
    else finish(id, { ...answer(reading, snapshotNow(locale), t, text), via: 'builtin' })
  } finally {
    waits.forEach((wait) => wait.release())
  }
}
