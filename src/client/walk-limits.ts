import {usageError} from '../shared/errors.js'
import {HostileAnswerError} from './api-errors.js'

/**
 * Every walk through a list's pages has a ceiling in pages and in time: a service (or a proxy) that answers each
 * page with a fresh cursor, forever, ends the walk with an error instead of holding memory and the run without end.
 * The defaults are far above any real list (10 million items at 100 a page; 4 hours).
 */
export const DEFAULT_MAX_PAGES = 100_000
export const DEFAULT_MAX_WALK_SECONDS = 4 * 60 * 60

const PAGES_ENV = 'PAYCTL_MAX_PAGES'
const SECONDS_ENV = 'PAYCTL_MAX_WALK_SECONDS'

export interface WalkLimits {
  maxPages: number
  maxMs: number
}

/** The limits of this run: PAYCTL_MAX_PAGES (a whole number), PAYCTL_MAX_WALK_SECONDS (seconds above 0), or the defaults. */
export function walkLimits(env: NodeJS.ProcessEnv = process.env): WalkLimits {
  const pages = env[PAGES_ENV]
  const seconds = env[SECONDS_ENV]
  if (pages && !(/^[1-9]\d*$/.test(pages) && Number.isSafeInteger(Number(pages))))
    throw usageError(`${PAGES_ENV} must be a whole number of pages above 0, not "${pages}"`)
  if (seconds && !(/^\d+(\.\d+)?$/.test(seconds) && Number(seconds) > 0))
    throw usageError(`${SECONDS_ENV} must be a number of seconds above 0, not "${seconds}"`)
  return {
    maxPages: pages ? Number(pages) : DEFAULT_MAX_PAGES,
    maxMs: (seconds ? Number(seconds) : DEFAULT_MAX_WALK_SECONDS) * 1000,
  }
}

/** Counts the pages of one walk; `beforePage` throws once the next page would pass a limit. */
export function walkGuard(limits: WalkLimits = walkLimits(), now: () => number = Date.now) {
  const started = now()
  let pages = 0
  return {
    beforePage(): void {
      if (pages >= limits.maxPages)
        throw new HostileAnswerError(
          `the list did not end within ${limits.maxPages} pages; payctl stopped there rather than read without end (raise ${PAGES_ENV} if the list is that long)`,
        )
      if (now() - started >= limits.maxMs)
        throw new HostileAnswerError(
          `the list did not end within ${limits.maxMs / 1000} s; payctl stopped there rather than read without end (raise ${SECONDS_ENV} if the list is that long)`,
        )
      pages++
    },
  }
}
