/** Dictionary keys of the push messages the API writes (server/notify/message.ts), named here with the site's keys. */
export const NOTIFY_TEXT_KEYS = { burst: 'notify.burst', places: 'notify.placesCount' } as const

/** Dictionary keys of the alert emails and the pages their links open (server/notify/email.ts). */
export const EMAIL_TEXT_KEYS = {
  confirmSubject: 'notifyEmail.confirmSubject',
  confirmBody: 'notifyEmail.confirmBody',
  alertSubject: 'notifyEmail.alertSubject',
  digestSubject: 'notifyEmail.digestSubject',
  footer: 'notifyEmail.footer',
  confirmPage: 'notifyEmail.confirmPage',
  confirmButton: 'notifyEmail.confirmButton',
  confirmed: 'notifyEmail.confirmed',
  unsubscribePage: 'notifyEmail.unsubscribePage',
  unsubscribeButton: 'notifyEmail.unsubscribeButton',
  unsubscribed: 'notifyEmail.unsubscribed',
  invalidLink: 'notifyEmail.invalidLink',
} as const
