import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/cli.js'

/**
 * Issue 53 ("Frictions"): `npm ci` warned that install scripts of `@scarf/scarf` and `bun` were not covered by
 * `allowScripts`, and npm 11 runs an unreviewed script. Every dependency of the lock file with an install script
 * is decided in package.json: allowed where payctl needs what it builds (a native module, a binary), denied where
 * it only reports or prints (scarf's download counter would reach the network).
 */

const read = (name: string) => JSON.parse(readFileSync(join(ROOT, name), 'utf8'))

describe('install scripts', () => {
  it('every dependency with an install script is allowed or denied in allowScripts; scarf is denied', () => {
    const allow = read('package.json').allowScripts as Record<string, boolean>
    const lock = read('package-lock.json').packages as Record<string, {hasInstallScript?: boolean}>
    const scripted = Object.entries(lock)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length))
    expect(scripted).toContain('@scarf/scarf')
    expect(scripted.filter(name => typeof allow[name] !== 'boolean')).toEqual([])
    expect(allow['@scarf/scarf']).toBe(false)
  })
})
