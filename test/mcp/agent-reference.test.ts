import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT, runCli} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

interface ManifestCommand {
  id: string
  hidden?: boolean
  flags: Record<string, {name: string; hidden?: boolean; helpGroup?: string}>
  args: Record<string, {name: string}>
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, ManifestCommand>
}
const commands = Object.values(manifest.commands)
const visibleFlags = (command: ManifestCommand) => Object.values(command.flags).filter(flag => !flag.hidden)

describe('--schema, from the manifest', () => {
  it.each(commands.map(command => [command.id.replaceAll(':', ' '), command] as const))(
    'payctl %s --schema names exactly its flags and arguments',
    async (_words, command) => {
      const result = await runCommand([...command.id.split(':'), '--schema'])
      expect(result.code, result.stderr).toBe(0)
      const schema = JSON.parse(result.stdout)
      expect(schema.command).toBe(command.id.replaceAll(':', ' '))
      expect(Object.keys(schema.flags.properties).sort()).toEqual(
        visibleFlags(command)
          .map(flag => flag.name)
          .sort(),
      )
      expect(Object.keys(schema.arguments.properties).sort()).toEqual(Object.keys(command.args).sort())
      expect(schema.output === null || typeof schema.output === 'object').toBe(true)
    },
  )

  it('gives the output schema of the API document a command prints', async () => {
    const schema = JSON.parse((await runCommand(['payouts', 'update', '--schema'])).stdout)
    expect(Object.keys(schema.flags.properties)).toEqual(expect.arrayContaining(['amount', 'description']))
    expect(JSON.stringify(schema.output)).toContain('"amount"')
  })

  it('types an integer flag as an integer with its bounds (scripts/manifest-bounds.js)', async () => {
    const schema = JSON.parse((await runCommand(['emulator', 'faults', 'add', '--schema'])).stdout)
    expect(schema.flags.properties.status).toMatchObject({type: 'integer', minimum: 100, maximum: 599})
    expect(schema.flags.properties.json).toMatchObject({type: 'boolean'})
  })
})

describe('payctl help --llms', () => {
  it('documents every command and every one of its flags in one document', async () => {
    const result = await runCli(['help', '--llms'])
    expect(result.code, result.stderr).toBe(0)
    const sections = result.stdout.split(/^## /m)
    for (const command of commands.filter(c => !c.hidden)) {
      const words = command.id.replaceAll(':', ' ')
      const section = sections.find(text => text.startsWith(`payctl ${words}\n`))
      expect(section, words).toBeDefined()
      for (const flag of visibleFlags(command).filter(f => f.helpGroup !== 'GLOBAL'))
        expect(section, `${words} --${flag.name}`).toContain(`--${flag.name}`)
    }
    expect(result.stdout).toContain('--schema')
    expect(result.stdout).toContain('- `--status <integer>` (100 to 599): ')
    expect(result.stdout).toContain('- `--offset <integer>` (at least 0): ')
  })
})

describe('SKILL.md', () => {
  const skill = readFileSync(join(ROOT, 'SKILL.md'), 'utf8')
  const ids = new Set(commands.map(command => command.id))
  /** The code of the skill: fenced blocks (continuation lines joined) and inline code spans. */
  const code = [
    ...[...skill.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block]) => block.replaceAll('\\\n', ' ').split('\n')),
    ...[...skill.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`]+)`/g)].map(([, span]) => span),
  ]
  /** Each `payctl …` command in the code with the flags that follow it. */
  const mentions = code.flatMap(line => [...line.matchAll(/payctl ((?:[a-z][a-z-]*(?: |$))+)(.*)/g)])

  it('names only commands that exist, and only their own flags', () => {
    expect(mentions.length).toBeGreaterThan(5)
    for (const [text, words, rest] of mentions) {
      const parts = words.trim().split(' ')
      const length = [...parts.keys()].reverse().find(i => ids.has(parts.slice(0, i + 1).join(':')))
      expect(length, text).toBeDefined()
      const command = manifest.commands[parts.slice(0, (length ?? 0) + 1).join(':')]
      const flags = new Set(visibleFlags(command).map(flag => flag.name))
      for (const [, flag] of `${words} ${rest}`.matchAll(/--([a-z][a-z-]*)/g))
        expect(flags, `${text}: --${flag}`).toContain(flag)
    }
  })

  it('names no flag that no command has', () => {
    const all = new Set(commands.flatMap(command => Object.keys(command.flags)))
    for (const [, flag] of skill.matchAll(/--([a-z][a-z-]*)/g)) expect(all, `--${flag}`).toContain(flag)
  })

  it('ships in the package', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    expect(pkg.files).toContain('./SKILL.md')
  })
})
