// `npm run screenshots` (by hand, after `npm run build`): the approval page's pictures in docs/images, made anew from
// the built payctl. Starts `payctl emulator start` on a random loopback port, creates the payouts the docs show (two
// to counterparties, one of them still missing its tax identity, and one to an e-mail address), mints an approval
// session, signs in with Chromium (playwright-core driving /usr/bin/chromium, or PAYCTL_CHROMIUM) and takes the review
// page at a phone width (390 px) and a desktop width (1280 px): docs/images/hosted-approval-phone.png and
// docs/images/hosted-approval.png. With pngquant on the PATH the pictures are compressed as the other docs images are
// (`--quality=60-85 --strip`). Nothing leaves 127.0.0.1.
import {spawn, spawnSync} from 'node:child_process'
import {once} from 'node:events'
import {mkdtempSync, renameSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'
import {chromium} from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const images = join(root, 'docs', 'images')
const work = mkdtempSync(join(tmpdir(), 'payctl-screenshots-'))
const env = {...process.env, PAYCTL_CONFIG_DIR: join(work, 'config'), PAYCTL_DATA_DIR: join(work, 'data')}
const emulator = spawn(
  process.execPath,
  [join(root, 'bin', 'run.js'), 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'],
  {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)

try {
  const [line] = await once(createInterface({input: emulator.stdout}), 'line')
  const {url, keys} = JSON.parse(line)
  const api = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {authorization: `Bearer ${keys.full}`, 'content-type': 'application/json'},
      body: body && JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const address = {line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE'}
  const grace = await api('POST', '/api/v2/counterparties', {
    identity: {type: 'individual', firstName: 'Grace', lastName: 'Hopper'},
    email: 'grace@example.com',
    address,
    paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'DE89370400440532013000'},
    taxIdentity: {taxId: '12345678901', dateOfBirth: '1990-04-30'},
  })
  const maria = await api('POST', '/api/v2/counterparties', {
    identity: {type: 'individual', firstName: 'Maria', lastName: 'Rossi'},
    address,
    paymentMethod: {type: 'bank_iban', currency: 'EUR', iban: 'DE09500105179999993000'},
  })
  const payouts = [
    await api('POST', '/api/v2/payouts', {
      description: 'Mixing, October',
      amount: '1250.00',
      currency: 'EUR',
      counterpartyId: grace.id,
    }),
    await api('POST', '/api/v2/payouts', {
      description: 'Session musician',
      amount: '480.00',
      currency: 'EUR',
      counterpartyId: maria.id,
    }),
    await api('POST', '/api/v2/payouts', {
      description: 'Artwork licence',
      amount: '75.50',
      currency: 'USD',
      recipient: {type: 'email', email: 'ada@example.com'},
    }),
  ]
  const session = await api('POST', '/api/v1/session/approval', {
    payoutIds: payouts.map(payout => payout.id.slice('payout_'.length)),
    redirectUrl: `${url}/`,
    loginHint: 'ops@example.com',
  })

  const browser = await chromium.launch({
    executablePath: process.env.PAYCTL_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  const page = await browser.newPage({viewport: {width: 1280, height: 900}})
  await page.goto(session.url)
  await page.getByRole('button', {name: 'Send code'}).click()
  await page.getByLabel('Sign-in code').fill((await page.locator('#sign-in-code').textContent()).trim())
  await page.getByRole('button', {name: 'Sign in'}).click()
  await page.locator('table.payouts').waitFor()
  for (const [width, name] of [
    [1280, 'hosted-approval.png'],
    [390, 'hosted-approval-phone.png'],
  ]) {
    await page.setViewportSize({width, height: 900})
    const shot = join(work, name)
    await page.screenshot({path: shot, fullPage: true})
    const squeezed = spawnSync('pngquant', [
      '--quality=60-85',
      '--strip',
      '--force',
      '--output',
      join(images, name),
      shot,
    ])
    if (squeezed.error || squeezed.status !== 0) renameSync(shot, join(images, name))
    console.log(`wrote docs/images/${name} (${width} px${squeezed.status === 0 ? ', pngquant' : ''})`)
  }
  await browser.close()
} finally {
  emulator.kill()
  rmSync(work, {recursive: true, force: true})
}
