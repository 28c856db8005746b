/** One entry of the sidebar or tab bar. `place` entries follow the page's (or the visitor's) place. */
export type NavEntry = { id: string; href: string; label: string; current: boolean; place: boolean; badge: boolean }
