// Dictionary parts imported with a query (src/i18n/parts-plugin.ts): flat key → text.
declare module '*.json?part=visitor' {
  const texts: Record<string, string>
  export default texts
}
declare module '*.json?part=assistant' {
  const texts: Record<string, string>
  export default texts
}
declare module '*.json?part=staff' {
  const texts: Record<string, string>
  export default texts
}
declare module '*.json?part=later' {
  const texts: Record<string, string>
  export default texts
}
declare module '*.json?part=offer' {
  const texts: Record<string, string>
  export default texts
}
