import { atom, onMount } from 'nanostores'

/**
 * The page's clock for relative times ("updated 3 minutes ago", "last seen 2 hours ago"), in milliseconds since
 * the epoch. It ticks every 30 seconds while anything listens and stops when nothing does.
 */
export const $now = atom(Date.now())
onMount($now, () => {
  $now.set(Date.now())
  const timer = setInterval(() => $now.set(Date.now()), 30_000)
  return () => clearInterval(timer)
})
