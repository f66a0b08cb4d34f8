import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {commandJsonSchema} from '../../src/cli/help/command-json-schema.js'
import type {CommandSpec} from '../../src/cli/help/command-spec.js'
import {LIST_TOOLS, PAGE_LIMIT, TOOLS, type ToolDefinition} from '../../src/mcp/tool-catalog.js'
import {APPROVAL_INPUTS, announced, omittedInputs, toolInputSchema} from '../../src/mcp/tool-schemas.js'
import {ROOT} from '../helpers/cli.js'

/**
 * Issue 50: a tool and its command are two faces of one operation. Each tool's input schema (as tools/list announces
 * it) and its command's flags and arguments (as the built manifest has them, which is what oclif parses) hold the
 * same inputs: names, types, bounds, options and what is required. A flag changed on the command alone, or an input
 * changed for the tool alone, fails here.
 */

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, CommandSpec>
}

/** The terminal's flags, no input of an operation: output format, opening a browser, the person's --yes. */
const TERMINAL_ONLY = ['output', 'open', 'yes']

interface Property {
  type?: string
  enum?: unknown[]
  minimum?: number
  maximum?: number
  items?: Property
}

type Shape = Record<string, Property>

/** What a property says of its input: its kind, options, bounds, and the same of its items for a list. */
const facts = (p: Property | undefined): unknown =>
  p && {type: p.type, enum: p.enum, minimum: p.minimum, maximum: p.maximum, items: facts(p.items)}

/** The inputs a tool should have, as its command's flags and arguments say (JSON Schema, as `--schema` prints). */
function fromCommand(tool: ToolDefinition): {shape: Shape; required: string[]} {
  const command = manifest.commands[tool.operation.id]
  const schema = commandJsonSchema(command) as {
    flags: {properties: Shape; required?: string[]}
    arguments: {properties: Shape; required?: string[]}
  }
  const left = [...TERMINAL_ONLY, ...omittedInputs(tool)]
  const own = (name: string) => command.flags[name]?.helpGroup !== 'GLOBAL' && !left.includes(name)
  const flags = Object.entries(schema.flags.properties).filter(([name]) => own(name))
  const shape: Shape = {...schema.arguments.properties, ...Object.fromEntries(flags)}
  // A list tool gives one page: its page size is bounded by the tool (PAGE_LIMIT), within the flag's own bounds.
  if (LIST_TOOLS.has(tool.name) && shape.limit)
    shape.limit = {...shape.limit, maximum: Math.min(shape.limit.maximum ?? PAGE_LIMIT, PAGE_LIMIT)}
  const required = [...(schema.arguments.required ?? []), ...(schema.flags.required ?? []).filter(own)]
  return {shape, required}
}

/** The inputs a tool announces, less those it adds of its own (the create tool's approval page). */
function fromTool(tool: ToolDefinition): {shape: Shape; required: string[]} {
  const schema: Record<string, unknown> = announced(toolInputSchema(tool), 'input')
  const properties = Object.entries((schema.properties ?? {}) as Shape)
  const shape = Object.fromEntries(properties.filter(([name]) => !(name in APPROVAL_INPUTS)))
  return {shape, required: (schema.required ?? []) as string[]}
}

/** Where the two faces differ: a name on one side only, another kind, bound, option or requirement. */
function differences(command: {shape: Shape; required: string[]}, tool: {shape: Shape; required: string[]}) {
  const names = [...new Set([...Object.keys(command.shape), ...Object.keys(tool.shape)])].sort()
  const found = names.flatMap(name => {
    const [a, b] = [facts(command.shape[name]), facts(tool.shape[name])]
    return JSON.stringify(a) === JSON.stringify(b)
      ? []
      : [`${name}: command ${JSON.stringify(a)}, tool ${JSON.stringify(b)}`]
  })
  const required = (list: string[]) => JSON.stringify([...list].sort())
  if (required(command.required) !== required(tool.required))
    found.push(`required: command ${required(command.required)}, tool ${required(tool.required)}`)
  return found
}

describe('each tool and its command take the same inputs', () => {
  it('names, types, bounds, options and requirements agree for every tool', () => {
    expect(TOOLS.length).toBeGreaterThan(25)
    for (const tool of TOOLS) {
      expect(manifest.commands[tool.operation.id], `${tool.name}: no command ${tool.operation.id}`).toBeDefined()
      expect(differences(fromCommand(tool), fromTool(tool)), tool.name).toEqual([])
    }
  })

  it('notices a change made on one side alone', () => {
    const tool = TOOLS.find(candidate => candidate.name === 'payouts_list')!
    const command = fromCommand(tool)
    const announcedTool = fromTool(tool)
    // The command's page size bounded otherwise, a flag added to it, an option added to the tool: each is caught.
    const bounded = {...command, shape: {...command.shape, limit: {...command.shape.limit, maximum: 5}}}
    expect(differences(bounded, announcedTool)).toEqual([expect.stringMatching(/^limit: /)])
    const added = {...command, shape: {...command.shape, colour: {type: 'string'}}}
    expect(differences(added, announcedTool)).toEqual([expect.stringMatching(/^colour: /)])
    const status = announcedTool.shape.status
    const widened = {...status, items: {...status.items, enum: [...(status.items?.enum ?? []), 'lost']}}
    expect(differences(command, {...announcedTool, shape: {...announcedTool.shape, status: widened}})).toEqual([
      expect.stringMatching(/^status: /),
    ])
    expect(differences(command, {...announcedTool, required: ['limit']})).toEqual([expect.stringMatching(/^required/)])
  })
})
