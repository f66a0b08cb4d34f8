// `npm run record:interactive` (by hand, after `npm run build`): the recording of an interactive `payctl payouts create`
// that README.md shows, made anew from the built payctl. Starts `payctl emulator start` on a random loopback port
// with two counterparties, runs `payctl payouts create` in a pseudo-terminal (util-linux `script`) of 80 columns and
// answers its questions as a person would type them (one answer refused and typed again, a counterparty searched and
// chosen), then writes what the terminal received as an asciinema v2 recording (docs/images/interactive-create.cast,
// `asciinema play` shows it) and the screen it ended with as text (docs/images/interactive-create.txt, also put
// between the README's interactive-create markers). Nothing leaves 127.0.0.1.
import {spawn} from 'node:child_process'
import {once} from 'node:events'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'

const COLUMNS = 80
const ROWS = 30
const root = fileURLToPath(new URL('..', import.meta.url))
const images = join(root, 'docs', 'images')
const work = mkdtempSync(join(tmpdir(), 'payctl-recording-'))
const home = {PAYCTL_CONFIG_DIR: join(work, 'config'), PAYCTL_DATA_DIR: join(work, 'data')}
const env = {...process.env, ...home}
for (const name of ['PAYCTL_API_KEY', 'PAYCTL_PROFILE', 'CI', 'NO_COLOR']) delete env[name]

const ENTER = '\r'
const DOWN = '\u001B[B'
const BACKSPACE = '\u007F'
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>]/g
/** When the screen first shows `when` (after the previous answer), `keys` are typed, one every 60 ms. */
const STEPS = [
  {when: 'Currency code', keys: `EUR${ENTER}`},
  {when: 'Amount as a decimal string', keys: `12.345${ENTER}`},
  {when: 'EUR allows 2', keys: `${BACKSPACE.repeat(6)}12.50${ENTER}`},
  {when: 'What the payout is for', keys: `October royalties${ENTER}`},
  {when: 'Who is paid', keys: `${DOWN}${DOWN}${ENTER}`},
  {when: 'Counterparty: type part', keys: 'ross'},
  {when: 'Maria Rossi:', keys: ENTER},
  {when: 'Create this payout?', keys: `y${ENTER}`},
]

/** A terminal of COLUMNS as far as prompts use it: text, carriage returns, line feeds, cursor moves and erasures. */
class Screen {
  lines = [[]]
  row = 0
  col = 0

  line() {
    while (this.lines.length <= this.row) this.lines.push([])
    return this.lines[this.row]
  }

  write(char) {
    if (this.col >= COLUMNS) {
      this.row++
      this.col = 0
    }
    const current = this.line()
    while (current.length < this.col) current.push(' ')
    current[this.col++] = char
  }

  /** A control sequence (`ESC [ params command`); colours and cursor visibility change nothing here. */
  control(params, command) {
    const n = Number.parseInt(params, 10) || 1
    const moves = {
      A: () => (this.row = Math.max(0, this.row - n)),
      B: () => (this.row += n),
      C: () => (this.col += n),
      D: () => (this.col = Math.max(0, this.col - n)),
      G: () => (this.col = n - 1),
      K: () => this.eraseLine(params),
      J: () => {
        this.eraseLine('0')
        this.lines.length = this.row + 1
      },
    }
    moves[command]?.()
  }

  eraseLine(params) {
    const current = this.line()
    if (params === '2') current.length = 0
    else if (params === '1') current.fill(' ', 0, this.col + 1)
    else current.length = Math.min(current.length, this.col)
  }

  text() {
    return this.lines
      .map(cells => cells.join('').trimEnd())
      .join('\n')
      .replace(/\n+$/, '')
  }
}

/** The screen a terminal of COLUMNS shows after `raw`, colours dropped. */
function screen(raw) {
  const shown = new Screen()
  const tokens =
    raw.match(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>]|\r|\n|\u0007|[^\u001B\r\n\u0007]/gu) ?? []
  for (const token of tokens) {
    const sequence = /^\u001B\[([0-?]*)[ -/]*([@-~])$/.exec(token)
    if (token === '\r') shown.col = 0
    else if (token === '\n') shown.row++
    else if (sequence) shown.control(sequence[1], sequence[2])
    else if (!token.startsWith('\u001B') && token !== '\u0007') shown.write(token)
  }
  return shown.text()
}

const emulator = spawn(
  process.execPath,
  [join(root, 'bin', 'run.js'), 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'],
  {env, stdio: ['ignore', 'pipe', 'inherit']},
)

try {
  const [started] = await once(createInterface({input: emulator.stdout}), 'line')
  const {url, keys} = JSON.parse(started)
  const api = async (path, body) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: {authorization: `Bearer ${keys.full}`, 'content-type': 'application/json'},
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const address = {line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE'}
  for (const [firstName, lastName, iban] of [
    ['Grace', 'Hopper', 'DE89370400440532013000'],
    ['Maria', 'Rossi', 'DE09500105179999993000'],
  ])
    await api('/api/v2/counterparties', {
      identity: {type: 'individual', firstName, lastName},
      email: `${firstName.toLowerCase()}@example.com`,
      address,
      paymentMethod: {type: 'bank_iban', currency: 'EUR', iban},
    })

  const run = [process.execPath, join(root, 'bin', 'run.js'), 'payouts', 'create'].map(word => `'${word}'`).join(' ')
  const child = spawn('script', ['-qec', `stty cols ${COLUMNS} rows ${ROWS}; exec ${run}`, '/dev/null'], {
    env: {...env, PAYCTL_ORIGIN: url, FORCE_COLOR: '1', TERM: 'xterm-256color'},
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const start = Date.now()
  const events = []
  let raw = ''
  let seenUpTo = 0
  const steps = [...STEPS]
  let typing = false
  const type = async keys => {
    typing = true
    // A person reads the question first (and the screen settles).
    await new Promise(resolve => setTimeout(resolve, 400))
    for (const key of keys.match(/\u001B\[[A-D]|[\s\S]/gu)) {
      await new Promise(resolve => setTimeout(resolve, 60))
      child.stdin.write(key)
    }
    typing = false
    check()
  }
  const check = () => {
    const step = steps[0]
    if (!step || typing) return
    const text = raw.replace(ANSI, '')
    const at = text.indexOf(step.when, seenUpTo)
    if (at === -1) return
    seenUpTo = text.length
    steps.shift()
    void type(step.keys)
  }
  child.stdout.on('data', data => {
    const text = data.toString('utf8')
    events.push([(Date.now() - start) / 1000, 'o', text])
    raw += text
    check()
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const [code] = await once(child, 'close')
  clearTimeout(timer)
  if (code !== 0 || steps.length)
    throw new Error(`payctl exited ${code} with ${steps.length} steps left:\n${screen(raw)}`)

  const header = {version: 2, width: COLUMNS, height: ROWS, env: {TERM: 'xterm-256color', SHELL: '/bin/sh'}}
  const prompt = '$ payctl payouts create\r\n'
  const cast = [header, [0, 'o', prompt], ...events.map(([time, kind, text]) => [Number(time.toFixed(3)), kind, text])]
  writeFileSync(join(images, 'interactive-create.cast'), `${cast.map(entry => JSON.stringify(entry)).join('\n')}\n`)
  const shown = `$ payctl payouts create\n${screen(raw)}\n`
  writeFileSync(join(images, 'interactive-create.txt'), shown)
  const readmePath = join(root, 'README.md')
  const readme = readFileSync(readmePath, 'utf8')
  const begin = '<!-- interactive-create:begin -->'
  const end = '<!-- interactive-create:end -->'
  const from = readme.indexOf(begin)
  const to = readme.indexOf(end)
  if (from === -1 || to < from) throw new Error(`README.md has no ${begin} … ${end} block`)
  writeFileSync(readmePath, `${readme.slice(0, from + begin.length)}\n\`\`\`text\n${shown}\`\`\`\n${readme.slice(to)}`)
  console.log(`wrote docs/images/interactive-create.cast, docs/images/interactive-create.txt and README.md\n\n${shown}`)
} finally {
  emulator.kill()
  rmSync(work, {recursive: true, force: true})
}
