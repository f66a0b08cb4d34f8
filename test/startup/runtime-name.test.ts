import {describe, expect, it} from 'vitest'
import {runtimeCheck, runtimeOptionsCheck} from '../../src/services/doctor/doctor-checks.js'
import {runtimeTag, userAgent} from '../../src/shared/runtime.js'

// Bun reports the Node version it implements as process.version (issue 44, item 4): the executables name Bun.
const bun: NodeJS.ProcessVersions = {...process.versions, node: '26.3.0', bun: '1.4.5'}
const node = (version: string): NodeJS.ProcessVersions => ({...process.versions, node: version, bun: undefined})

describe('the runtime in --version, the User-Agent and doctor', () => {
  it('names Bun and its version inside the executables', () => {
    expect(runtimeTag(bun)).toBe('bun-v1.4.5')
    expect(userAgent('0.1.0', bun)).toBe('payctl/0.1.0 bun/v1.4.5')
    expect(runtimeCheck(bun)).toEqual({
      name: 'runtime',
      status: 'pass',
      detail: 'Bun 1.4.5 (inside the payctl executable)',
    })
  })

  it("names Node's version for the npm package, and judges it", () => {
    expect(runtimeTag(node('24.11.0'))).toBe('node-v24.11.0')
    expect(userAgent('0.1.0', node('24.11.0'))).toBe('payctl/0.1.0 node/v24.11.0')
    expect(runtimeCheck(node('24.11.0'))).toMatchObject({name: 'runtime', status: 'pass', detail: 'Node 24.11.0'})
    expect(runtimeCheck(node('20.19.0'))).toMatchObject({status: 'warn'})
    expect(runtimeCheck(node('20.18.0'))).toMatchObject({status: 'fail'})
  })
})

describe('doctor on NODE_OPTIONS and BUN_OPTIONS', () => {
  it('warns when either loads code, naming the flags and not their values', () => {
    const check = runtimeOptionsCheck({BUN_OPTIONS: '--smol --preload=/tmp/evil.js', NODE_OPTIONS: '-r ./hook.cjs'})
    expect(check).toMatchObject({name: 'runtime options', status: 'warn'})
    expect(check.detail).toBe('NODE_OPTIONS -r, BUN_OPTIONS --preload: code loaded into payctl before it starts')
    expect(runtimeOptionsCheck({NODE_OPTIONS: '--import=tsx'}).detail).toMatch(/^NODE_OPTIONS --import:/)
  })

  it('passes on options that load nothing', () => {
    expect(runtimeOptionsCheck({NODE_OPTIONS: '--max-old-space-size=4096', BUN_OPTIONS: '--smol'})).toMatchObject({
      status: 'pass',
    })
    expect(runtimeOptionsCheck({})).toMatchObject({status: 'pass'})
  })
})
