/** Dictionary keys of the push messages the API writes (server/notify/message.ts), named here with the site's keys. */
export const NOTIFY_TEXT_KEYS = { burst: 'notify.burst', places: 'notify.placesCount' } as const
