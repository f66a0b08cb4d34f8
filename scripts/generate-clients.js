// Generates clients from the document the emulator serves, with each generator integrators use (docs/contract.md,
// "Generators"): openapi-typescript (examples/integrator), orval, @hey-api/openapi-ts, openapi-zod-client and kubb
// (examples/generators), then compiles their output and the programs using it with `tsc --strict`.
//
// The document is read from an emulator started on 127.0.0.1 (`GET /api/openapi.json`) and must be the bytes of
// docs/openapi.json. Each generator runs on Node 24 (orval and @hey-api/openapi-ts need Node 22.18 or later; the
// machine's Node is 20) with test/helpers/loopback-only.cjs preloaded, so a generator that reached for the
// network would fail here. A generator that warns, or writes anything to stderr, fails the run.
import {execFileSync, spawn} from 'node:child_process'
import {mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {node24} from './node24.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const examples = join(root, 'examples', 'generators')
const generated = join(examples, 'generated')
const bin = path => join(root, 'node_modules', path)
const LOOPBACK_ONLY = join(root, 'test', 'helpers', 'loopback-only.cjs')

/** A line of a generator's output that warns or fails (its progress lines name the files it writes: not those). */
const WARNING = /warn|error|deprecat|fail|✗|🛑|⚠|not supported|unsupported|skipp|OFF-LOOPBACK/i
const PROGRESS = /^(Writing|Generating) /

/** Starts the built emulator on a free loopback port and answers the document it serves. */
async function servedDocument() {
  const emulator = spawn(
    process.execPath,
    [join(root, 'bin', 'run.js'), 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {...process.env, PAYCTL_CONFIG_DIR: join(generated, '.home'), PAYCTL_DATA_DIR: join(generated, '.home')},
    },
  )
  try {
    const url = await new Promise((resolve, reject) => {
      let out = ''
      emulator.stdout.on('data', chunk => {
        out += chunk
        const line = out.split('\n').find(text => text.trim().startsWith('{'))
        if (line) resolve(JSON.parse(line).url)
      })
      emulator.on('exit', code => reject(new Error(`the emulator exited (${code}) before it listened`)))
    })
    if (!new URL(url).hostname.startsWith('127.')) throw new Error(`the emulator listens on ${url}, not on 127.0.0.1`)
    const res = await fetch(new URL('/api/openapi.json', url))
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`)
    return await res.text()
  } finally {
    emulator.kill()
  }
}

/** Runs one generator on Node 24 with the loopback-only preload; throws on a failure or a warning. */
function generate(name, script, args, cwd = examples) {
  let output
  try {
    output = execFileSync(node24(), ['--require', LOOPBACK_ONLY, bin(script), ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: 'true'},
    })
  } catch (error) {
    throw new Error(`${name} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`)
  }
  const warnings = output.split('\n').filter(line => WARNING.test(line) && !PROGRESS.test(line))
  if (warnings.length) throw new Error(`${name} warned:\n${warnings.join('\n')}`)
  console.log(`${name}: generated without warnings`)
}

const text = await servedDocument()
if (text !== readFileSync(join(root, 'docs', 'openapi.json'), 'utf8'))
  throw new Error('the served document differs from docs/openapi.json: run `npm run build`')
rmSync(generated, {recursive: true, force: true})
mkdirSync(join(generated, 'openapi-zod-client'), {recursive: true})
writeFileSync(join(generated, 'openapi.json'), text)
console.log(`the served document: ${text.length} bytes, equal to docs/openapi.json`)

generate('openapi-typescript', 'openapi-typescript/bin/cli.js', [
  'generated/openapi.json',
  '--output',
  '../integrator/generated/payout-service.d.ts',
])
generate('orval', 'orval/dist/bin/orval.mjs', ['--config', 'orval.config.mjs'])
generate('@hey-api/openapi-ts', '@hey-api/openapi-ts/bin/run.js', ['--file', 'openapi-ts.config.mjs'])
generate('openapi-zod-client', 'openapi-zod-client/bin.js', [
  'generated/openapi.json',
  '--output',
  'generated/openapi-zod-client/schemas.ts',
  '--template',
  bin('openapi-zod-client/src/templates/schemas-only.hbs'),
  '--export-schemas',
])
generate('kubb', '@kubb/cli/bin/kubb.cjs', ['generate', '--config', 'kubb.config.mjs'])

for (const project of ['examples/integrator/tsconfig.json', 'examples/generators/tsconfig.json']) {
  try {
    execFileSync(process.execPath, [bin('typescript/bin/tsc'), '-p', project], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
    })
  } catch (error) {
    throw new Error(`tsc --strict -p ${project}:\n${error.stdout}${error.stderr}`)
  }
  console.log(`tsc --strict -p ${project}: compiled`)
}
