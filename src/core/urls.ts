// Moved to src/kernel/: re-exported until the callers import it from there.
export {
  DEFAULT_BASE_URL,
  displayUrl,
  hasCredentials,
  isHttpUrl,
  parseBaseUrl,
  parseHttpUrl
} from '../kernel/parsers.js'
