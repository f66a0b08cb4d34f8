// `npm run lint` step: @redocly/cli lints docs/openapi.json with the recommended rules (redocly.yaml). It runs
// offline: no telemetry and no look-up of a newer version.
import {spawnSync} from 'node:child_process'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js')
const env = {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'}
const {status} = spawnSync(process.execPath, [cli, 'lint', '--format=stylish', 'docs/openapi.json'], {
  cwd: root,
  env,
  stdio: 'inherit',
})
process.exit(status ?? 1)
