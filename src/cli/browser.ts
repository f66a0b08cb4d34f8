/**
 * Opens a URL in the user's browser. PAYCTL_BROWSER=none (tests, CI, SSH) disables it; without a TTY no
 * browser is started either. Returns whether a browser was asked to open.
 */
export async function openInBrowser(url: string, env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  if (env.PAYCTL_BROWSER === 'none' || (!process.stdout.isTTY && !process.stderr.isTTY)) return false
  try {
    const {default: open} = await import('open')
    const child = await open(url)
    // A missing opener (no xdg-open on a server) must not crash the command: the URL is printed anyway.
    child.on('error', () => {})
    return true
  } catch {
    return false
  }
}

/** `auth login --no-browser` on a terminal: the URL the browser was sent to, pasted by the person. */
export async function pastedRedirect(): Promise<string> {
  const {input} = await import('@inquirer/prompts')
  return input({message: 'Paste the URL your browser was sent to:'}, {output: process.stderr})
}
