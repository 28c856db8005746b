// The account line of the nav (sidebar foot and footer): a quiet "Sign in" link in the static page,
// replaced once signed in by the account's name, role and scope with "Editor" and "Sign out".
// Loaded only when a token is stored, so signed-out visitors never download it.
import { fill } from '../fill.ts'
import { appPath } from '../routing/routes.ts'
import { $account, signOutAccount, type Account } from '../stores/account.ts'
import { $dictionary } from '../stores/dictionary.ts'
import { siteLocale } from './site-locale.ts'

const slots = [...document.querySelectorAll<HTMLElement>('[data-account]')]
const signedOut = slots.map((slot) => slot.innerHTML)

const ROLE_KEYS = {
  none: 'users.roleNone',
  admin: 'users.roleAdmin',
  page: 'users.rolePage',
  superadmin: 'users.roleSuperadmin',
  area: 'users.roleArea',
  one: 'users.roleOne',
} as const

function scopeText(account: Account, t: (key: string, values?: Record<string, string>) => string): string {
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

function render(account: Account | null, dictionary: Record<string, string> | null): void {
  if (!account) {
    slots.forEach((slot, i) => (slot.innerHTML = signedOut[i] ?? ''))
    return
  }
  // The texts come with the page's dictionary, which holds the staff texts once signed in.
  if (!dictionary) return
  const t = (key: string, values: Record<string, string> = {}): string => fill(dictionary[key] ?? key, values)
  const role = account.owner ? t('account.roleOwner') : t(ROLE_KEYS[account.role])
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

const update = (): void => render($account.get(), $dictionary.get())
$account.subscribe(update)
$dictionary.subscribe(update)
