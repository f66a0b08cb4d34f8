import {existsSync, mkdirSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {BrowserContext, Page} from 'playwright-core'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

/**
 * Browser tests of the hosted pages: playwright-core driving Debian's Chromium (`/usr/bin/chromium`, or
 * `PAYCTL_CHROMIUM`), headless, one browser per test file with a fresh user-data dir, cookies cleared
 * between tests. Without Chromium the tests are skipped with a one-line reason, except under CI, where a
 * missing Chromium fails the run.
 */

export const CHROMIUM_PATH = process.env.PAYCTL_CHROMIUM || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export const SCREENSHOT_DIR = join(process.cwd(), 'test-output', 'screenshots')

export type BrowserPlan = {run: true} | {run: false; fail: boolean; reason: string}

const isCi = (env: NodeJS.ProcessEnv) => Boolean(env.CI) && env.CI !== 'false' && env.CI !== '0'

/** Whether to run the browser tests, skip them (a user's machine) or fail (CI must exercise them). */
export function browserPlan(env: NodeJS.ProcessEnv, chromiumExists: boolean, path = CHROMIUM_PATH): BrowserPlan {
  if (chromiumExists) return {run: true}
  const reason = `no Chromium at ${path} (apt-get install -y chromium, or set PAYCTL_CHROMIUM)`
  if (isCi(env)) return {run: false, fail: true, reason: `CI requires the browser tests, but there is ${reason}`}
  return {run: false, fail: false, reason}
}

/** `describe` for browser tests: runs, skips with a one-line reason, or fails under CI. */
export function describeInBrowser(name: string, body: () => void): void {
  const plan = browserPlan(process.env, existsSync(CHROMIUM_PATH))
  if (plan.run) {
    describe(name, body)
    return
  }
  if (plan.fail) {
    describe(name, () => {
      it('has Chromium to run in', () => {
        throw new Error(plan.reason)
      })
    })
    return
  }
  process.stderr.write(`hosted-page browser tests skipped: ${plan.reason}\n`)
  describe.skip(`${name} (skipped: ${plan.reason})`, body)
}

export interface BrowserHandle {
  readonly page: Page
  readonly context: BrowserContext
  /** Every URL the browser requested since the test began. */
  readonly requests: string[]
  screenshot(name: string): Promise<string>
}

/** One headless Chromium for the file; a clean cookie jar and request log for each test. */
export function useBrowser(): BrowserHandle {
  let context: BrowserContext | undefined
  let page: Page | undefined
  let profile: string | undefined
  const requests: string[] = []
  beforeAll(async () => {
    const {chromium} = await import('playwright-core')
    profile = mkdtempSync(join(tmpdir(), 'payctl-chromium-'))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: {width: 800, height: 760},
    })
    context.setDefaultTimeout(10_000)
    context.on('request', request => {
      requests.push(request.url())
    })
    page = context.pages()[0] ?? (await context.newPage())
    mkdirSync(SCREENSHOT_DIR, {recursive: true})
  })
  afterAll(async () => {
    await context?.close()
    if (profile) rmSync(profile, {recursive: true, force: true})
  })
  beforeEach(async () => {
    await context!.clearCookies()
    requests.length = 0
  })
  return {
    get page() {
      return page!
    },
    get context() {
      return context!
    },
    requests,
    async screenshot(name: string) {
      const path = join(SCREENSHOT_DIR, `${name}.png`)
      await page!.screenshot({path, fullPage: true})
      return path
    },
  }
}

/** On a sign-in page: sends the code to `email` (or the pre-filled address), reads it from the emulator inbox and signs in. */
export async function signInInBrowser(page: Page, email?: string, onCodePage?: () => Promise<unknown>): Promise<void> {
  await expect.poll(() => page.locator('h1').textContent()).toBe('Sign in')
  if (email !== undefined) await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', {name: 'Send code'}).click()
  const code = (await page.locator('#sign-in-code').textContent())?.trim() ?? ''
  await onCodePage?.()
  expect(code).toMatch(/^\d{6}$/)
  await page.getByLabel('Sign-in code').fill(code)
  await page.getByRole('button', {name: 'Sign in'}).click()
  await expect.poll(() => page.locator('footer').textContent()).toContain('Signed in as')
}

/** Presses Tab until `selector` has the focus (at most `limit` times): proves it is reachable by keyboard. */
export async function tabTo(page: Page, selector: string, limit = 15): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if ((await page.locator(`${selector}:focus`).count()) > 0) return
  }
  throw new Error(`${selector} cannot be reached with the Tab key`)
}

/** Asserts the browser only ever talked to the given origins (and data: URLs). */
export function expectOnlyOrigins(requests: string[], origins: string[]): void {
  const foreign = requests.filter(
    url => !url.startsWith('data:') && !origins.some(origin => url.startsWith(`${origin}/`)),
  )
  expect(foreign).toEqual([])
}
