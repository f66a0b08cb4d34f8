import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/cli.js'

/**
 * `npm test` and CI print no "oclif update available" (issue #34, item 12): every script that runs the oclif
 * tool turns off its update check, which also asks the npm registry in the background.
 */
describe('the oclif tool in package.json scripts', () => {
  it('runs with OCLIF_SKIP_NEW_VERSION_CHECK=true', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>
    const runs = Object.values(scripts).flatMap(script => script.split('&&').map(part => part.trim()))
    const oclif = runs.filter(part => /(^|\s)oclif\s/.test(part))
    expect(oclif.length).toBeGreaterThanOrEqual(2)
    for (const part of oclif) expect(part, part).toMatch(/^OCLIF_SKIP_NEW_VERSION_CHECK=true oclif /)
  })
})
