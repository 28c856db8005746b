// The account line of the nav (sidebar foot and footer): a quiet "Sign in" link in the static page,
// replaced once signed in by the account's name, role and scope with "Editor" and "Sign out".
// Loaded only when a token is stored, so signed-out visitors never download it.
import { $t } from '../../i18n/page-t.ts'
import type { T } from '../../i18n/translate.ts'
import { appPath } from '../routing/routes.ts'
import { $account, signOutAccount, type Account } from '../stores/account.ts'
import { roleKey } from '../users.ts'
import { siteLocale } from './site-locale.ts'

const slots = [...document.querySelectorAll<HTMLElement>('[data-account]')]
const signedOut = slots.map((slot) => slot.innerHTML)

function scopeText(account: Account, t: T): string {
  const { scope } = account
  if (scope.kind === 'all') return t('editor.scopeAll')
  if (scope.kind === 'page') return t('editor.scopePage', { page: scope.page })
  if (scope.kind === 'area') return t('editor.scopeArea', { city: scope.city })
  if (scope.kind === 'one') return t('editor.scopeOne')
  return ''
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ''): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.textContent = text
  return node
}

function render(account: Account | null, t: T | null): void {
  if (!account) {
    slots.forEach((slot, i) => (slot.innerHTML = signedOut[i] ?? ''))
    return
  }
  // The texts come with the page's dictionary, which holds the staff texts once signed in.
  if (!t) return
  const role = account.owner ? t('account.roleOwner') : t(roleKey(account.role))
  const scope = scopeText(account, t)
  for (const slot of slots) {
    const who = element('span', 'account-who')
    who.append(element('strong', '', account.name), element('span', 'account-role', scope ? `${role} · ${scope}` : role))
    const actions = element('span', 'account-actions')
    if (account.canEdit) {
      const editor = element('a', '', t('nav.editor'))
      editor.href = appPath(siteLocale(), 'editor')
      actions.append(editor)
    }
    const out = element('button', 'link-button', t('login.signOut'))
    out.type = 'button'
    out.addEventListener('click', () => void signOutAccount())
    actions.append(out)
    slot.replaceChildren(who, actions)
  }
}

const update = (): void => render($account.get(), $t.get())
$account.subscribe(update)
$t.subscribe(update)
