import {mkdirSync} from 'node:fs'
import {join} from 'node:path'
import type {Tool} from '@modelcontextprotocol/sdk/types.js'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {isolatedHome} from '../helpers/cli.js'
import {useEmulator} from '../helpers/emulator.js'
import {ok, type Structured, useMcpSessions} from './mcp-client.js'

const RUNS = 150

interface Schema {
  type?: string
  properties?: Record<string, Schema>
  required?: string[]
  enum?: unknown[]
  items?: Schema
  minimum?: number
  maximum?: number
}

/** One generated bad call, and the input its answer must name (none where the command, not the schema, refuses). */
interface BadCall {
  kind: string
  tool: string
  args: Record<string, unknown>
  names?: string
}

/** One value of each JSON type; `fits` says which a schema's type accepts. */
const VALUES: unknown[] = ['text', 7, 1.5, true, null, [1], {a: 1}]
const fits = (schema: Schema, value: unknown): boolean => {
  if (schema.type === 'string') return typeof value === 'string'
  if (schema.type === 'integer') return Number.isInteger(value)
  if (schema.type === 'boolean') return typeof value === 'boolean'
  if (schema.type === 'array') return Array.isArray(value) && value.every(item => fits(schema.items ?? {}, item))
  return true
}

/** Bad inputs for one tool, from the input schema tools/list announced. */
function badCalls(tool: Tool): fc.Arbitrary<BadCall>[] {
  const properties = Object.entries((tool.inputSchema as Schema).properties ?? {})
  const call = (kind: string, args: Record<string, unknown>, names?: string) => ({kind, tool: tool.name, args, names})
  const calls: fc.Arbitrary<BadCall>[] = [
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z-]{0,11}$/), fc.constantFrom(...VALUES))
      .filter(([name]) => !properties.some(([known]) => known === name))
      .map(([name, value]) => call('unknown input', {[name]: value}, name)),
  ]
  const typed = properties.filter(([, schema]) => VALUES.some(value => !fits(schema, value)))
  if (typed.length)
    calls.push(
      fc
        .constantFrom(...typed)
        .chain(([name, schema]) =>
          fc
            .constantFrom(...VALUES.filter(value => !fits(schema, value)))
            .map(value => call('wrong type', {[name]: value}, name)),
        ),
    )
  const bounded = properties.filter(([, schema]) => schema.type === 'integer' && schema.maximum !== undefined)
  if (bounded.length)
    calls.push(
      fc
        .constantFrom(...bounded)
        .chain(([name, schema]) =>
          fc
            .constantFrom(schema.minimum! - 1, schema.maximum! + 1)
            .map(value => call('out of bounds', {[name]: value}, name)),
        ),
    )
  const options = properties.filter(([, schema]) => schema.enum ?? schema.items?.enum)
  if (options.length)
    calls.push(
      fc
        .constantFrom(...options)
        .map(([name, schema]) => call('not an option', {[name]: schema.enum ? 'nope' : ['nope']}, name)),
    )
  const base = {currency: 'EUR', description: 'x', email: 'a@example.com'}
  if (tool.name.startsWith('payouts_create'))
    calls.push(
      fc.constantFrom('1.2.3', 'abc', '12,34', '-5.00').map(amount => call('bad amount', {...base, amount}, 'amount')),
    )
  const id = properties.find(([name]) => name === 'id')
  if (id) calls.push(fc.constant(call('bad id', {id: id[1].type === 'array' ? ['not-an-id'] : 'not-an-id'})))
  return calls
}

/**
 * Issue #39: generated bad inputs to every tool (wrong types, unknown inputs, values out of bounds or options, bad
 * amounts and ids) each answer an error that the SDK's client accepts (no McpError from its output-schema check),
 * naming the input the schema refused, and the server answers the next call.
 */
describe('payctl mcp: bad inputs to any tool', {timeout: 120_000}, () => {
  const ctx = useEmulator()
  const mcp = useMcpSessions()

  it('are isError answers that fit the announced schema, and the server goes on', async () => {
    const home = isolatedHome()
    const files = join(home.dir, 'files')
    mkdirSync(files)
    const session = await mcp(['--allow-money', '--files-dir', files], {...home.env, PAYCTL_ORIGIN: ctx.emu.url})
    const {tools} = await session.client.listTools()
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.oneof(...tools.flatMap(badCalls)), async bad => {
        seen.add(bad.tool)
        const result = await session.call(bad.tool, bad.args)
        const label = `${bad.kind}: ${bad.tool} ${JSON.stringify(bad.args)} -> ${JSON.stringify(result.content)}`
        expect(result.isError, label).toBe(true)
        const {error} = result.structuredContent as Structured
        const text = (result.content[0] as {text: string}).text
        expect(text.startsWith(`${error.code}: `), label).toBe(true)
        if (bad.names) expect(text.split('\n')[0], label).toContain(bad.names)
        expect(ok(await session.call('team_get')).data).toBeDefined()
      }),
      {numRuns: RUNS},
    )
    expect(seen.size).toBeGreaterThan(tools.length / 2)
  })
})
