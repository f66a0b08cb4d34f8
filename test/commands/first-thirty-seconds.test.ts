import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT, runCli} from '../helpers/cli.js'

/** Issue 42, "The first 30 seconds": the root help and README say how to start before anything else. */
describe('the first 30 seconds', () => {
  it('payctl --help says how to start in its first lines: the emulator and npm run demo', async () => {
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    const first = help.stdout.split('\n').slice(0, 10).join('\n')
    expect(first).toContain('GET STARTED')
    expect(first).toContain('"payctl emulator start"')
    expect(first).toContain('npm run demo')
  })

  it('README opens with what payctl is and the two commands; the quick start comes before Install', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const opening = readme.slice(0, readme.indexOf('\n## '))
    expect(opening).toMatch(/^# payctl\n\npayctl is the command-line tool/)
    expect(opening).toContain('npm ci && npm run demo')
    expect(opening).toContain('npm ci && npm test')
    expect(readme.indexOf('## Quick start')).toBeGreaterThan(0)
    expect(readme.indexOf('## Quick start')).toBeLessThan(readme.indexOf('## Install'))
  })
})
