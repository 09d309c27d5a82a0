// URL inputs (`base-url`, `deployment-url`, `commit-url`) and the URL checks shared with the
// event context. Their messages never echo a value, except `base-url` when it is a bare host (with
// port and path) missing its scheme, which cannot carry credentials: no user name, password, query
// or fragment.
import { InputError } from './input-error.js'
import { hasControlChar } from '../kernel/text.js'

/** QA Wolf's address: `base-url`'s default, and what the messages about `base-url` name. */
export const DEFAULT_BASE_URL = 'https://app.qawolf.com'
const BASE_URL_EXAMPLE = `e.g. ${DEFAULT_BASE_URL} (the default; leave the input out for QA Wolf)`

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host === '[::1]') return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/**
 * A URL as shown to people (log lines, summaries, PR comments): without `user:password@`, which
 * may be credentials. Only what is shown changes; what is sent to the service stays as given.
 * Everything up to the last `@` of the authority goes, as a URL parser reads it.
 */
export function displayUrl(value: string): string {
  return value.replace(/^(\s*[a-z][a-z0-9+.-]*:[\\/]+)[^\\/?#]*@/i, '$1')
}

/** Whether the URL carries a user name or password (`user:password@host`). */
export function hasCredentials(value: string): boolean {
  const url = parseUrl(value)
  return url !== undefined && (url.username !== '' || url.password !== '')
}

export function isHttpUrl(value: string): boolean {
  const url = parseUrl(value)
  return url !== undefined && (url.protocol === 'https:' || url.protocol === 'http:')
}

/** Never echoes a value that may carry credentials (user info) or a token (in its query). */
export function parseBaseUrl(name: string, value: string): string {
  if (value === '') {
    throw new InputError(
      name,
      `Input '${name}' is empty: give the service's address, ${BASE_URL_EXAMPLE}.`
    )
  }
  const url = parseUrl(value)
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    const suggestion = missingSchemeSuggestion(value)
    if (suggestion !== undefined) {
      throw new InputError(
        name,
        `Input '${name}' must start with https:// (or http:// for localhost); add ` +
          `${suggestion} in front of the host (the value is not shown, as it may hold credentials).`
      )
    }
    throw new InputError(
      name,
      `Input '${name}' must be an absolute https:// URL, ${BASE_URL_EXAMPLE}; ` +
        `got a value that is not one (not shown, as it may hold credentials).`
    )
  }
  if (hasCredentials(value)) {
    throw new InputError(
      name,
      `Input '${name}' must not contain a user name or password; ` +
        `pass the API key in 'api-key' (the value is not shown).`
    )
  }
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#')) {
    throw new InputError(
      name,
      `Input '${name}' must not contain a query (?...) or fragment (#...); ` +
        `give the service's base address, ${BASE_URL_EXAMPLE}.`
    )
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new InputError(
      name,
      `Input '${name}' must use https://; http:// is accepted only for loopback hosts ` +
        `(localhost, 127.0.0.0/8, [::1]); got an http:// address of another host (not shown).`
    )
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}

/**
 * For a host without a scheme (`qa.example.com`, `qa.example.com/qa`, `localhost:8080`): the scheme
 * to add, http:// for a loopback host (where a local emulator speaks plain http), else https://.
 * Undefined when the value is not such a host. The value itself is never echoed: a path, a query or
 * user info may hold a token.
 */
function missingSchemeSuggestion(value: string): string | undefined {
  // `name:` followed by a non-digit is a scheme (ftp:, javascript:); followed by digits, a port.
  const scheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value)
  if (scheme || !/^[a-z0-9[]/i.test(value) || /\s/.test(value) || hasControlChar(value)) {
    return undefined
  }
  const url = parseUrl(`https://${value}`)
  if (url === undefined) return undefined
  // A dotted name, an IP address or localhost: not a typo such as `https//qa.example.com`.
  const host = url.hostname
  const loopback = isLoopbackHost(host)
  if (!host.includes('.') && !host.startsWith('[') && !loopback) return undefined
  return loopback ? 'http://' : 'https://'
}

export function parseHttpUrl(name: string, value: string): string {
  if (!isHttpUrl(value) || hasControlChar(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be an absolute http:// or https:// URL, e.g. https://app.example.com; ` +
        `got a value that is not one (not shown, as it may hold credentials).`
    )
  }
  return value
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}
