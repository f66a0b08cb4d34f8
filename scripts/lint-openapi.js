// `npm run lint` step: two linters check docs/openapi.json and docs/emulator-openapi.json (the emulator's control
// routes). @redocly/cli with its recommended rules (redocly.yaml) and @stoplight/spectral-cli with `spectral:oas`
// (.spectral.yaml), where a warning fails as an error does. Both run offline: no telemetry and no look-up of a
// newer version.
import {spawnSync} from 'node:child_process'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const resolve = createRequire(import.meta.url).resolve
const env = {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'}
const run = args => spawnSync(process.execPath, args, {cwd: root, env, stdio: 'inherit'}).status ?? 1
const DOCUMENTS = ['docs/openapi.json', 'docs/emulator-openapi.json']

const redocly = run([resolve('@redocly/cli/bin/cli.js'), 'lint', '--format=stylish', ...DOCUMENTS])
const spectral = DOCUMENTS.map(document =>
  run([
    resolve('@stoplight/spectral-cli/dist/index.js'),
    'lint',
    '--ruleset=.spectral.yaml',
    '--fail-severity=warn',
    document,
  ]),
)
process.exit(redocly || spectral.find(status => status !== 0) || 0)
