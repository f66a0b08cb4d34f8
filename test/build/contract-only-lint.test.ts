import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'

/**
 * scripts/check-layout.js (run by `npm run lint`): API paths, the generation type and request checks live in
 * src/contract (payout states: scripts/check-contract.js, test/contract/check-contract.test.ts).
 */

const repo = join(import.meta.dirname, '..', '..')
const script = join(repo, 'scripts', 'check-layout.js')
const root = mkdtempSync(join(tmpdir(), 'payctl-layout-'))
afterAll(() => rmSync(root, {recursive: true, force: true}))

describe('the contract-only lint rules', () => {
  it('find nothing in this repository and name each copy outside src/contract by file and line', () => {
    const clean = spawnSync(process.execPath, [script], {encoding: 'utf8'})
    expect(clean.stderr).not.toMatch(/an API path|an emulator control path|spelled out|a request checker/)
    mkdirSync(join(root, 'src', 'services'), {recursive: true})
    writeFileSync(
      join(root, 'src', 'services', 'copies.ts'),
      [
        "export const get = ['GET', '/api/v2/payouts']",
        "export const team = '/team'",
        "export type Api = 'v1' | 'v2'",
        "export const fine = ['pending', 'sent']",
        'export class BodyChecker {}',
        "export const typed = (path: string) => ({path, message: 'must be a string, not number'})",
        "export const extra = {path: 'x', message: `is not a known field`}",
      ].join('\n'),
    )
    const copied = spawnSync(process.execPath, [script, root], {encoding: 'utf8'})
    expect(copied.status).toBe(1)
    const named = copied.stderr
      .split('\n')
      .filter(line => line.startsWith('src/services/copies.ts:'))
      .map(line => line.split(': ')[0] + ': ' + line.split(': ')[1].split(' (')[0])
    expect(named).toEqual([
      'src/services/copies.ts:1: an API path',
      'src/services/copies.ts:2: an API path',
      "src/services/copies.ts:3: 'v1' | 'v2' spelled out",
      'src/services/copies.ts:5: a request checker',
      'src/services/copies.ts:6: a request checker',
      'src/services/copies.ts:7: a request checker',
    ])
  })

  it('finds an emulator control path outside the control table (code and comments alike) and a schema cast in the emulator', () => {
    const tree = mkdtempSync(join(tmpdir(), 'payctl-layout-control-'))
    mkdirSync(join(tree, 'src', 'client'), {recursive: true})
    writeFileSync(
      join(tree, 'src', 'client', 'control-copy.ts'),
      [
        '/** Moves the clock (`POST /_emulator/clock`). */',
        "export const reset = (origin: string) => fetch(`${origin}/_emulator/reset`, {method: 'POST'})",
        "export const prefix = 'the /_emulator control routes answer only to this machine'",
      ].join('\n'),
    )
    mkdirSync(join(tree, 'src', 'emulator', 'routes'), {recursive: true})
    writeFileSync(
      join(tree, 'src', 'emulator', 'routes', 'cast-routes.ts'),
      [
        'export const handle = ({body}: {body: unknown}) => (body as z.output<typeof revokeKeyBody>).key',
        'export const add = (input: z.output<typeof faultInputBody>) => input',
      ].join('\n'),
    )
    const copied = spawnSync(process.execPath, [script, tree], {encoding: 'utf8'})
    rmSync(tree, {recursive: true, force: true})
    expect(copied.status).toBe(1)
    const named = copied.stderr
      .split('\n')
      .filter(line => line.startsWith('src/client/control-copy.ts:'))
      .map(line => line.split(' (')[0])
    expect(named).toEqual([
      'src/client/control-copy.ts:1: an emulator control path',
      'src/client/control-copy.ts:2: an emulator control path',
    ])
    expect(copied.stderr).toContain("src/emulator/routes/cast-routes.ts:1: a cast to a schema's type")
    expect(copied.stderr).not.toContain('cast-routes.ts:2')
  })
})
