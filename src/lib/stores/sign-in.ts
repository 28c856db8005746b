// The staff sign-in pages (SPEC sections 4, 5 and 8): email and password, the forgot-password mail,
// Google, the GitHub return, and the new password of a reset link. Each form's status lives here.
import { atom } from 'nanostores'
import { pageLang } from '../page-lang.ts'
import { appPath } from '../routing/routes.ts'
import { api } from './api.ts'
import { signIn } from './auth.ts'
import { BUSY, IDLE, failed, failure, refused, type Failure, type FormStatus } from './form.ts'
import { finishGithubSignIn } from './oauth.ts'

/** SPEC section 9: after a reset, the visitor moves on after 2 s. */
export const RESET_REDIRECT_MS = 2000
export const PASSWORD_MIN = 8

export type LoginMode = 'signIn' | 'forgot'
/** 'sent': the reset mail went (the page says so in its own language, never in the server's English). */
export type LoginStatus = FormStatus | { state: 'sent' }
export type ResetStatus = FormStatus | { state: 'done' }

export const $loginMode = atom<LoginMode>('signIn')
export const $loginStatus = atom<LoginStatus>(IDLE)
export const $googleStatus = atom<FormStatus>(IDLE)
export const $resetStatus = atom<ResetStatus>(IDLE)
/** Why the GitHub return failed; null while it signs in. */
export const $callbackError = atom<Failure | null>(null)

/** SPEC section 4: the token is stored and the page reloads; the editor is where staff go next. */
function toEditor(): void {
  location.assign(appPath(pageLang(), 'editor'))
}

/** Switches between signing in and asking for a reset mail; the last outcome is forgotten. */
export function toggleLoginMode(): void {
  $loginMode.set($loginMode.get() === 'signIn' ? 'forgot' : 'signIn')
  $loginStatus.set(IDLE)
  $googleStatus.set(IDLE)
}

/** The login form's submit: signs in with email and password, or in forgot mode asks for the reset mail. */
export async function submitLogin(email: string, password: string): Promise<void> {
  if ($loginMode.get() === 'forgot') {
    $loginStatus.set(BUSY)
    try {
      await api.auth.forgotPassword(email.trim())
      $loginStatus.set({ state: 'sent' })
    } catch (error) {
      $loginStatus.set(failed(error, 'reset_email_failed'))
    }
    return
  }
  if (!email.trim() || !password) return $loginStatus.set(refused('login.required'))
  $loginStatus.set(BUSY)
  try {
    signIn(await api.auth.email(email.trim(), password))
    toEditor()
  } catch (error) {
    $loginStatus.set(failed(error, 'email_login_failed'))
  }
}

/** Google's button answered with a credential: signs in with it (POST /auth/google). */
export async function signInWithGoogle(credential: string): Promise<void> {
  $googleStatus.set(BUSY)
  try {
    signIn(await api.auth.google(credential))
    toEditor()
  } catch (error) {
    $googleStatus.set(failed(error, 'google_failed'))
  }
}

/** Google's script could not draw its button. */
export function googleUnavailable(): void {
  $googleStatus.set(failed(null, 'google_failed'))
}

/** The Google button is drawn afresh: no outcome yet. */
export function resetGoogle(): void {
  $googleStatus.set(IDLE)
}

/**
 * The GitHub return page: checks the state stored before leaving, drops the one-time code from the
 * address bar and history, exchanges it on the API, signs in and goes to the editor.
 */
export async function completeGithubSignIn(): Promise<void> {
  const check = finishGithubSignIn(new URLSearchParams(location.search))
  if (!check.ok) return $callbackError.set({ problems: [{ code: check.error }] })
  history.replaceState(null, '', location.pathname)
  try {
    signIn(await api.auth.callback('github', check.code))
    toEditor()
  } catch (error) {
    $callbackError.set(failure(error, 'callback_failed'))
  }
}

/** The reset link's form: checks the two passwords, sets the new one, then goes to settings after a moment. */
export async function submitNewPassword(token: string | null, password: string, confirm: string): Promise<void> {
  if (!token) return $resetStatus.set(refused('reset.missing'))
  if (password !== confirm) return $resetStatus.set(refused('reset.mismatch'))
  if (password.length < PASSWORD_MIN) return $resetStatus.set(refused('reset.short'))
  $resetStatus.set(BUSY)
  try {
    await api.auth.resetPassword(token, password)
    $resetStatus.set({ state: 'done' })
    setTimeout(() => location.assign(appPath(pageLang(), 'settings')), RESET_REDIRECT_MS)
  } catch (error) {
    $resetStatus.set(failed(error, 'reset_failed'))
  }
}
