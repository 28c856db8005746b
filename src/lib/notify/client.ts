// The browser's side of Web Push (issue 24): what this browser follows (kept with the subscription's id and secret,
// the only way to change or stop it), whether this browser can receive pushes, and the calls that subscribe, change
// and stop. A browser module beside the stores: it uses storage, the service worker and the network.
import '../stores/storage.ts'
import { persistentAtom } from '@nanostores/persistent'
import { isAnswer } from '../api/answers.ts'
import { ROUTES, urlOf, type ApiRequest } from '../api/routes.ts'
import type { SubscribeBody } from '../api/types.ts'
import { apiBase } from '../public-env.ts'
import type { Locale } from '../routing/routes.ts'
import { MAX_PLACES, prefsProblem, type PlacePrefs } from './prefs.ts'

export type Saved = { id: string; secret: string; lang: Locale; places: PlacePrefs[] }

/** Decodes what storage holds; anything else (another tab's garbage, an old shape) is nothing. */
export function decodeSaved(raw: unknown): Saved | null {
  try {
    const value = (typeof raw === 'string' ? JSON.parse(raw) : null) as Partial<Saved> | null
    if (!value || typeof value.id !== 'string' || typeof value.secret !== 'string') return null
    if (prefsProblem({ lang: value.lang, places: value.places })) return null
    return value as Saved
  } catch {
    return null
  }
}

export const $notify = persistentAtom<Saved | null>('porchlight:notify', null, {
  encode: (value) => JSON.stringify(value),
  decode: decodeSaved,
})

/** 'ok': push works here; 'install': iOS/iPadOS or Safari, which push only to an installed app; 'unsupported'. */
export type Support = 'ok' | 'install' | 'unsupported'

export function pushSupport(): Support {
  const standalone =
    matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
  const ua = navigator.userAgent
  const apple = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
  const safari = /^((?!chrome|android|crios|fxios|edg).)*safari/i.test(ua)
  if ((apple || safari) && !standalone) return 'install'
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported'
  return 'ok'
}

/**
 * Why notifications could not be turned on, each with its own text and next step (notify.<reason> in the
 * dictionaries): 'denied' (blocked in the site's settings), 'dismissed' (the browser's question closed unanswered),
 * 'unsupported' (no push here), 'browser' (the browser's push setup failed: a private window, a push service that
 * did not answer), 'refused' (the API refused the subscription: `detail` says why), 'unknownPlace', 'tooMany'
 * (the API's hourly limit), 'network' (no answer), 'failed' (anything else: a server error).
 */
export type NotifyReason =
  'denied' | 'dismissed' | 'unsupported' | 'browser' | 'refused' | 'unknownPlace' | 'tooMany' | 'network' | 'failed'

export class NotifyError extends Error {
  readonly reason: NotifyReason
  /** The API's own words for a refusal ('subscription.endpoint must be on port 443'), else ''. */
  readonly detail: string
  constructor(reason: NotifyReason, detail = '') {
    super(detail || reason)
    this.reason = reason
    this.detail = detail
  }
}

/** The error for an answer that is not a success: the API's 400 says why (src/lib/errors.ts: code, params.detail). */
async function refusal(answer: Response): Promise<NotifyError> {
  if (answer.status === 429) return new NotifyError('tooMany')
  if (answer.status !== 400) return new NotifyError('failed')
  const body = (await answer.json().catch(() => null)) as { error?: unknown; params?: { detail?: unknown } } | null
  const detail = typeof body?.params?.detail === 'string' ? body.params.detail : typeof body?.error === 'string' ? body.error : ''
  if (/is not a place Porchlight knows/.test(detail)) return new NotifyError('unknownPlace')
  return new NotifyError('refused', detail.slice(0, 200))
}

/** The browser's service worker, or the 'browser' error when none is ready within 10 s (none registered here). */
async function workerReady(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new NotifyError('browser')), 10_000)))
  try {
    return await Promise.race([navigator.serviceWorker.ready, late])
  } finally {
    clearTimeout(timer)
  }
}

const urlBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(text, (char) => char.charCodeAt(0))
}

/** Sends a request of the route table (src/lib/api/routes.ts), with the subscription's secret when given. */
async function call({ method, json, ...request }: ApiRequest, secret?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (secret) headers['authorization'] = `Bearer ${secret}`
  const body = json === undefined ? {} : { body: JSON.stringify(json) }
  try {
    return await fetch(urlOf(apiBase(), { method, ...request }), { method, ...body, headers, credentials: 'omit' })
  } catch {
    throw new NotifyError('network')
  }
}

/** This browser's push subscription (asking for permission first). */
async function pushSubscription(): Promise<PushSubscriptionJSON> {
  if (pushSupport() === 'unsupported') throw new NotifyError('unsupported')
  const permission = await Notification.requestPermission()
  if (permission === 'denied') throw new NotifyError('denied')
  if (permission !== 'granted') throw new NotifyError('dismissed')
  const registration = await workerReady()
  const existing = await registration.pushManager.getSubscription()
  if (existing) return existing.toJSON()
  const keyAnswer = await call(ROUTES.notifyKey())
  if (!keyAnswer.ok) throw await refusal(keyAnswer)
  const key: unknown = await keyAnswer.json()
  if (!isAnswer('notifyKey', key)) throw new NotifyError('failed')
  try {
    const made = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBytes(key.publicKey),
    })
    return made.toJSON()
  } catch {
    // Firefox's private windows, a browser without a push service (Brave by default), a push service that is down.
    throw new NotifyError('browser')
  }
}

/** The subscription as the API takes it: the browser's type leaves every field optional, a real one has them all. */
function pushKeys({ endpoint = '', expirationTime, keys = {} }: PushSubscriptionJSON): SubscribeBody['subscription'] {
  return { endpoint, expirationTime, keys: { p256dh: keys['p256dh'] ?? '', auth: keys['auth'] ?? '' } }
}

/** Sends the whole list: a new subscription when there is none (or the server forgot it), else a change. */
async function sendPlaces(places: PlacePrefs[], lang: Locale): Promise<void> {
  const saved = $notify.get()
  const subscription = pushKeys(await pushSubscription())
  if (saved) {
    const changed = await call(ROUTES.notifyResubscribe(saved.id, { subscription, lang, places }), saved.secret)
    if (changed.ok) return $notify.set({ ...saved, lang, places })
    if (changed.status !== 404) throw await refusal(changed)
  }
  const made = await call(ROUTES.notifySubscribe({ subscription, lang, places }))
  if (!made.ok) throw await refusal(made)
  const answer: unknown = await made.json()
  if (!isAnswer('notifySubscribe', answer)) throw new NotifyError('failed')
  const { id, secret } = answer
  $notify.set({ id, secret, lang, places })
}

/** Follows a place (or changes how), in the page's language. */
export async function followPlace(prefs: PlacePrefs, lang: Locale): Promise<void> {
  const others = ($notify.get()?.places ?? []).filter((entry) => entry.place !== prefs.place)
  await sendPlaces([...others, prefs].slice(-MAX_PLACES), lang)
}

/** Stops a place; the last one stops the subscription (deleted on the server at once) and the browser's push. */
export async function unfollowPlace(place: string): Promise<void> {
  const saved = $notify.get()
  if (!saved) return
  const rest = saved.places.filter((entry) => entry.place !== place)
  if (rest.length) return sendPlaces(rest, saved.lang)
  const answer = await call(ROUTES.notifyStop(saved.id), saved.secret)
  if (!answer.ok && answer.status !== 404) throw await refusal(answer)
  $notify.set(null)
  const registration = await navigator.serviceWorker?.getRegistration()
  await (await registration?.pushManager.getSubscription())?.unsubscribe()
}

/** The preferences kept for a place, if it is followed. */
export const followed = (saved: Saved | null, place: string): PlacePrefs | null =>
  saved?.places.find((entry) => entry.place === place) ?? null

/**
 * Asks for email alerts for a place: 'sent' (the same answer for every address: a confirmation link may be on its way),
 * 'off' where the operator has not set up email, 'failed' otherwise.
 */
export async function requestEmailAlerts(
  email: string,
  prefs: PlacePrefs,
  mode: 'instant' | 'daily',
  lang: Locale,
): Promise<'sent' | 'off' | 'failed'> {
  try {
    const answer = await call(
      ROUTES.notifyEmail({ email, place: prefs.place, mode, lang, sections: prefs.sections, minPriority: prefs.minPriority }),
    )
    return answer.status === 202 ? 'sent' : answer.status === 404 ? 'off' : 'failed'
  } catch {
    return 'failed'
  }
}
