/**
 * Opens a URL in the user's browser with the `open` package (imported lazily). PAYCTL_BROWSER controls it:
 * `none` never opens anything (tests, CI, remote shells); any other value is a command that is run with the
 * URL as its last argument (e.g. `firefox`); unset means the system default browser.
 * Returns a reason when nothing was opened; the caller has printed the URL either way.
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const setting = env.PAYCTL_BROWSER?.trim()
  if (setting === 'none') return 'PAYCTL_BROWSER=none'
  const {default: open} = await import('open')
  try {
    const child = await open(url, setting ? {app: {name: setting}} : {})
    return await new Promise<string | undefined>(resolve => {
      child.once('error', error => resolve(`could not start ${setting ?? 'a browser'} (${error.message})`))
      child.once('spawn', () => resolve(undefined))
    })
  } catch (error) {
    return `could not open a browser (${(error as Error).message})`
  }
}
