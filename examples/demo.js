// `npm run demo`: the main job end to end, offline. Starts the emulator in this process (free port, in-memory
// database), subscribes a tiny local webhook receiver, imports examples/payouts.csv with `--and-then pay`
// through the real CLI, lets two recipients claim their payouts, then runs the operator's loop on the shipped
// examples/payees.csv and examples/licences.csv: payees, dry-run, import and wait (one bank declines: exit 8),
// status, fix the payment method, retry the failed payout and wait (exit 0). Then it shows the payouts and the webhook deliveries, runs the
// webhook debugging loop (listen, trigger a success and a failure, verify), and stops.
// Run after `npm run build` (the npm script does both).
import {spawn} from 'node:child_process'
import {createHmac, timingSafeEqual} from 'node:crypto'
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {createServer} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {startEmulator} from '../dist/emulator/index.js'
import {commandLine} from './shell-quote.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))
const csv = fileURLToPath(new URL('./payouts.csv', import.meta.url))
const payees = fileURLToPath(new URL('./payees.csv', import.meta.url))
const licences = fileURLToPath(new URL('./licences.csv', import.meta.url))

const bold = text => (process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${text}\u001b[22m` : text)
const step = text => console.log(`\n${bold(`▶ ${text}`)}`)

/** Runs the real CLI against the emulator, its output shown as is; answers stdout when `capture` is set. */
function payctl(args, env, {capture = false, exit = 0} = {}) {
  console.log(bold(`$ payctl ${commandLine(args)}`))
  return new Promise((resolve, reject) => {
    const merged = {...process.env, ...env}
    delete merged.PAYCTL_PROFILE
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: root,
      env: merged,
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    })
    let out = ''
    child.stdout?.setEncoding('utf8').on('data', chunk => {
      out += chunk
    })
    child.on('error', reject)
    child.on('close', code => {
      if (code !== exit) return reject(new Error(`payctl ${args.slice(0, 2).join(' ')} exited ${code}, not ${exit}`))
      if (exit) console.log(`(exit ${code}, as expected)`)
      resolve(out)
    })
  })
}

async function call(url, method, path, body, key) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {...(body ? {'content-type': 'application/json'} : {}), ...(key ? {authorization: `Bearer ${key}`} : {})},
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** A webhook receiver on 127.0.0.1 that checks each signature (spec section 6) and remembers the delivery. */
async function startReceiver() {
  const received = []
  let secret
  const server = createServer((req, res) => {
    const chunks = []
    req.on('data', chunk => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const timestamp = String(req.headers['x-service-timestamp'] ?? '')
      const signature = Buffer.from(String(req.headers['x-service-signature'] ?? ''))
      const expected = Buffer.from(
        createHmac('sha256', secret ?? '')
          .update(`${timestamp}.${body}`)
          .digest('hex'),
      )
      const verified = signature.length === expected.length && timingSafeEqual(signature, expected)
      const payout = JSON.parse(body)
      received.push({verified, status: payout.status, customId: payout.customId, amount: payout.amount})
      res.writeHead(verified ? 200 : 401).end()
    })
  })
  await new Promise(resolve => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    received,
    setSecret: value => {
      secret = value
    },
    close: () => new Promise(resolve => server.close(resolve)),
  }
}

/** `payctl webhooks listen …` in the background, as in a second terminal; its delivery lines are collected. */
function startListener(args, env) {
  console.log(bold(`$ payctl webhooks listen ${commandLine(args)} &`))
  const child = spawn(process.execPath, [bin, 'webhooks', 'listen', ...args], {
    cwd: root,
    env: {...process.env, ...env},
  })
  let out = ''
  let err = ''
  child.stdout.setEncoding('utf8').on('data', chunk => {
    out += chunk
  })
  child.stderr.setEncoding('utf8').on('data', chunk => {
    err += chunk
  })
  const until = async (test, what) => {
    for (let waited = 0; !test(); waited += 25) {
      if (waited > 20_000) throw new Error(`the listener did not show ${what}: ${err}`)
      await new Promise(resolve => setTimeout(resolve, 25))
    }
  }
  const lines = () => out.split('\n').filter(Boolean)
  return {
    started: () => until(() => err.includes('Listening on'), 'that it listens'),
    lines,
    waitForLines: count => until(() => lines().length >= count, `${count} deliveries`),
    stop: () =>
      new Promise(resolve => {
        child.on('close', resolve)
        child.kill('SIGINT')
      }),
  }
}

/**
 * The webhook debugging loop: a listener subscribed for as long as it runs (its secret written into an app's
 * .env), a success and a failure played by `emulator trigger`, and a saved delivery checked by `webhooks verify`.
 */
async function webhookLoop(env, home) {
  const saved = join(home, 'deliveries')
  const envFile = join(home, 'app.env')
  step('The webhook loop: listen in a second terminal (secret into .env, deliveries saved)')
  const listener = startListener(['--register', '--port', '0', '--secret-file', envFile, '--save', saved], env)
  await listener.started()
  console.log(readFileSync(envFile, 'utf8').trim().replace(/=.*/, '=whsec_… (written to app.env)'))

  step('Trigger a success and a failure (PayPal sandbox-fail)')
  await payctl(['emulator', 'trigger', 'payout.completed'], env)
  await payctl(['emulator', 'trigger', 'payout.failed', '--method', 'paypal'], env)
  await listener.waitForLines(9)
  console.log(bold('The listener showed:'))
  for (const line of listener.lines()) console.log(line)
  await listener.stop()

  step('Verify a saved delivery with the secret from .env')
  const failed = readdirSync(saved).find(name => name.includes('payout.failed') && name.endsWith('.body'))
  const secret = /^PAYCTL_WEBHOOK_SECRET=(.*)$/m.exec(readFileSync(envFile, 'utf8'))[1]
  const body = join(saved, failed)
  await payctl(['webhooks', 'verify', '--headers', body.replace(/\.body$/, '.headers'), body], {
    ...env,
    PAYCTL_WEBHOOK_SECRET: secret,
  })
}

/**
 * The operator's loop on counterparty payouts (paid straight to a saved bank account), with the shipped
 * examples/payees.csv and examples/licences.csv: the account holder of `grace-hopper` carries the sandbox
 * failure trigger, so its payment is declined.
 */
async function operatorsLoop(env) {
  step("The operator's loop: three payees (examples/payees.csv), one of whose banks will decline the transfer")
  await payctl(['counterparties', 'import', payees], env)
  step('1. Dry-run of examples/licences.csv: validate, nothing is sent')
  await payctl(['payouts', 'import', licences, '--dry-run'], env)
  step('2. Import, pay and wait until every payment is final: one is declined (exit 8)')
  await payctl(['payouts', 'import', licences, '--and-then', 'pay', '--wait', '--timeout', '1m'], env, {exit: 8})
  step('3. Status of every row')
  // A table whatever the demo's stdout is (in a pipe a list is headerless TSV, for scripts).
  await payctl(['payouts', 'import-status', licences, '-o', 'table'], env, {exit: 8})
  step("4. Fix the payee's payment method (the account holder's bank account)")
  await payctl(['counterparties', 'update', '--custom-id', 'grace-hopper', '--account-holder', 'Grace Hopper'], env, {
    capture: true,
  })
  step('5. Pay the failed payout again and wait: all completed (exit 0)')
  await payctl(
    ['payouts', 'import-status', licences, '--retry-failed', '--wait', '--timeout', '1m', '-o', 'table'],
    env,
  )
}

const emulator = await startEmulator({port: 0, dataFile: ':memory:'})
const receiver = await startReceiver()
// The CLI runs with its own throw-away config and data dirs: the demo leaves the user's profiles alone.
const home = mkdtempSync(join(tmpdir(), 'payctl-demo-'))
const control = (method, path, body) => call(emulator.url, method, path, body)
try {
  const env = {
    PAYCTL_ORIGIN: emulator.url,
    PAYCTL_API_KEY: emulator.seed.keys.full,
    PAYCTL_CONFIG_DIR: join(home, 'config'),
    PAYCTL_DATA_DIR: join(home, 'data'),
    PAYCTL_CACHE_DIR: join(home, 'cache'),
  }
  console.log(`Emulator listening on ${emulator.url} (in-memory database, seeded team ${emulator.seed.teamId})`)

  step('Subscribe a local webhook receiver')
  const subscription = JSON.parse(
    await payctl(
      ['api', 'POST', '/api/v1/webhook', '-d', JSON.stringify({targetUrl: receiver.url, eventType: 'payout'})],
      env,
      {
        capture: true,
      },
    ),
  )
  receiver.setSecret(subscription.signingSecret)
  console.log(`subscribed ${subscription.id} -> ${receiver.url}`)

  step('Validate the file first (nothing is sent)')
  await payctl(['payouts', 'import', csv, '--dry-run'], env)

  step('Import it: chunks of 100, each payout approved and its claim link sent (--and-then pay)')
  await payctl(['payouts', 'import', csv, '--and-then', 'pay'], env)

  step('Two recipients claim their payouts (as on the hosted claim page): the money moves')
  const claims = [
    ['inv-2026-03-001', 'bank-iban', {accountHolderName: 'Maria Rossi', iban: 'DE89370400440532013000'}],
    ['inv-2026-03-007', 'paypal', {email: 'priya.nair@example.com'}],
  ]
  for (const [customId, method, details] of claims) {
    const payout = await call(emulator.url, 'GET', `/api/v2/payouts/${customId}`, undefined, emulator.seed.keys.full)
    const claimed = await control('POST', `/_emulator/payouts/${payout.id}/claim`, {method, details})
    console.log(`${customId}: claimed by ${method}, now ${claimed.status}`)
  }

  await operatorsLoop(env)

  step('The payouts')
  await payctl(['payouts', 'list', '--limit', '20'], env)

  step('The webhook deliveries (signed; verified by the receiver)')
  const deliveries = (await control('GET', '/_emulator/webhooks/deliveries')).data
  const label = delivery => String(delivery.body.customId ?? delivery.body.data?.customId ?? delivery.body.id)
  const width = Math.max(...deliveries.map(delivery => label(delivery).length))
  for (const delivery of deliveries)
    console.log(
      `${`${delivery.event}${delivery.version === 2 ? ' (v2)' : ''}`.padEnd(22)} ${label(delivery).padEnd(width)}  -> HTTP ${delivery.responseStatus}`,
    )
  const verified = receiver.received.filter(r => r.verified).length
  console.log(`\nThe receiver got ${receiver.received.length} deliveries, ${verified} with a valid signature.`)

  await webhookLoop(env, home)
} finally {
  await receiver.close()
  await emulator.close()
  rmSync(home, {recursive: true, force: true})
}
