// A fetched body's text: its own small module, so the decode worker (server/feeds/worker.ts) decodes bodies
// handed over as bytes without loading the fetching code.

function charsetOf(contentType: string): string {
  return /charset="?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8'
}

/**
 * A body's text in the charset its Content-Type declares, UTF-8 when it declares none or one unknown.
 * @example bodyText(new Uint8Array([0xe9]), 'text/plain; charset=iso-8859-1') // 'é'
 */
export function bodyText(bytes: Uint8Array, contentType: string): string {
  try {
    return new TextDecoder(charsetOf(contentType)).decode(bytes)
  } catch {
    return new TextDecoder().decode(bytes)
  }
}
