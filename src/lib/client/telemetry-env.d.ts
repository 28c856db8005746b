// The build defines this as a constant (astro.config.mjs), so an unconfigured build drops the telemetry loader.
interface ImportMetaEnv {
  readonly PUBLIC_APPINSIGHTS_CONNECTION_STRING?: string
}
