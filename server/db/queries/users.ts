// Staff accounts.
import { sql } from 'kysely'
import type { Db } from '../index.ts'
import type { UserRow } from '../schema.ts'

export type NewUser = { email: string; name: string; provider: string; role: number; passwordHash: string | null }

export const normalEmail = (email: string): string => email.trim().toLowerCase()

export async function userByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst()) ?? null
}

export async function userById(db: Db, id: number): Promise<UserRow | null> {
  return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
}

export async function createUser(db: Db, user: NewUser, now: string): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      email: normalEmail(user.email),
      name: user.name,
      provider: user.provider,
      role: user.role,
      password_hash: user.passwordHash,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** The user with this email, created (role none) on a first OAuth sign-in; the sign-in time is recorded. */
export async function signInUser(db: Db, email: string, name: string, provider: string, now: string): Promise<UserRow> {
  const found =
    (await userByEmail(db, email)) ?? (await createUser(db, { email, name, provider, role: 0, passwordHash: null }, now))
  await db.updateTable('users').set({ last_login_at: now }).where('id', '=', found.id).execute()
  return { ...found, last_login_at: now }
}

export async function listUsers(db: Db, limit: number, offset: number): Promise<{ rows: UserRow[]; total: number }> {
  const { total } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()
  const rows = await db.selectFrom('users').selectAll().orderBy('id').limit(limit).offset(offset).execute()
  return { rows, total: Number(total) }
}

export type RoleChange = { role: number; itemId: number | null; pageName: string | null; cityName: string | null }

/** Raises the user's token version: every access token signed before now stops working. */
const nextVersion = sql<number>`token_version + 1`

/** Sets the role and scope; the user's earlier access tokens end (their session refreshes into the new role). */
export async function setRole(db: Db, id: number, change: RoleChange): Promise<UserRow | null> {
  await db
    .updateTable('users')
    .set({
      role: change.role,
      item_id: change.itemId,
      page_name: change.pageName,
      city_name: change.cityName,
      token_version: nextVersion,
    })
    .where('id', '=', id)
    .execute()
  return userById(db, id)
}

/** Sets the password; every access token signed before now stops working. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, token_version: nextVersion }).where('id', '=', id).execute()
}

/** Ends every access token signed before now (sign out everywhere). */
export async function endAccessTokens(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set({ token_version: nextVersion }).where('id', '=', id).execute()
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
