import type {Command} from '@oclif/core/command'
import {Config} from '@oclif/core/config'
import type * as Interfaces from '@oclif/core/interfaces'
import {parse} from '@oclif/core/parser'
import {Session} from '../../operations/session.js'
import {usageError} from '../../shared/errors.js'
import {type AskedFlag, PROMPT_IO} from './ask-field.js'
import type {CreateForm, Summary} from './create-form.js'

/** What the entry runs after the questions: argv with the answers as flags, and oclif's config, loaded once. */
export type Asked = {argv: string[]; config: Config} | {exitCode: number}

type FlagDefinitions = Record<string, AskedFlag & {required?: boolean}>

/**
 * The flags as typed, parsed by oclif with none of them required, or undefined when they do not parse (oclif
 * explains that as ever once the command runs).
 */
async function typedFlags(command: Command.Class, argv: string[]): Promise<Record<string, unknown> | undefined> {
  const all = {...command.baseFlags, ...command.flags} as Record<string, Interfaces.Flag<unknown>>
  const flags = Object.fromEntries(Object.entries(all).map(([name, flag]) => [name, {...flag, required: false}]))
  try {
    const parsed = await parse(argv, {
      flags,
      args: command.args ?? {},
      strict: command.strict ?? true,
      context: undefined,
    })
    return parsed.flags
  } catch {
    return undefined
  }
}

/** Output for a script rather than a person: --json, -o other than table, --jq, --template, --fields, --quiet. */
const forScripts = (flags: Record<string, unknown>) =>
  Boolean(
    flags.json ||
      (flags.output !== undefined && flags.output !== 'table') ||
      ['jq', 'template', 'fields'].some(name => flags[name] !== undefined) ||
      flags.quiet,
  )

/**
 * The summary as aligned rows on stderr, under a heading that names the profile; a long value folds at the terminal's
 * width under its own column.
 */
async function writeSummary(what: string, summary: Summary, profile: {name: string; environment: string}) {
  const [{fold, terminalColumns}, {terminalSafe}] = await Promise.all([
    import('../output/fold.js'),
    import('../../shared/terminal-safe.js'),
  ])
  const columns = terminalColumns(process.stderr)
  const width = Math.max(...summary.rows.map(([label]) => label.length))
  const rows = summary.rows.map(([label, value]) =>
    fold(`  ${label.padEnd(width)}  ${terminalSafe(value)}`, columns, {hang: width + 2}),
  )
  const where = profile.environment === 'production' ? 'PRODUCTION' : profile.environment
  const heading = fold(`The ${what} to create (profile "${terminalSafe(profile.name)}", ${where}):`, columns)
  process.stderr.write(`\n${heading}\n${rows.join('\n')}\n\n`)
}

/** The summary's question; declined, nothing is sent (exit 2, as a declined production confirmation). */
async function confirmSummary(what: string, production: boolean) {
  const {confirm} = await import('@inquirer/prompts')
  const ok = await confirm(
    {message: `Create this ${what}${production ? ' on PRODUCTION' : ''}?`, default: !production},
    PROMPT_IO,
  )
  if (!ok) throw usageError('cancelled: nothing was sent')
}

/** The error as the command would show it: one line on stderr, folded at the terminal's width, secrets scrubbed. */
async function reported(error: unknown, session: Session): Promise<{exitCode: number}> {
  const [{reportError, formatErrorLine}, {terminalSafe}, {fold, terminalColumns}] = await Promise.all([
    import('../../services/errors/error-report.js'),
    import('../../shared/terminal-safe.js'),
    import('../output/fold.js'),
  ])
  const report = reportError(error)
  const line = session.scrub(terminalSafe(formatErrorLine(report)))
  process.stderr.write(`${fold(line, terminalColumns(process.stderr))}\n`)
  return {exitCode: report.exitCode}
}

const FORMS: Record<string, (definitions: FlagDefinitions) => Promise<CreateForm>> = {
  'payouts:create': async definitions => (await import('./payout-form.js')).payoutForm(definitions),
  'counterparties:create': async definitions => (await import('./counterparty-form.js')).counterpartyForm(definitions),
}

/**
 * An interactive create: `id`'s required inputs the command line (`argv`, the command's words first) left out, asked
 * of the person at the terminal, each checked as it is typed; then the summary with the destination and its question.
 * Answers the argv to run (the answers added as flags) and oclif's config, the exit code when the person declined or
 * quit (nothing was sent), or undefined when nothing is to be asked: output for scripts, flags oclif will refuse, or
 * nothing missing.
 */
export async function askMissing(
  id: string,
  argv: string[],
  command: Command.Class,
  loadOptions: Interfaces.LoadOptions,
): Promise<Asked | undefined> {
  const form = await FORMS[id]?.(command.flags as FlagDefinitions)
  const words = id.split(':').length
  const flags = form && (await typedFlags(command, argv.slice(words)))
  if (!form || !flags || forScripts(flags)) return undefined
  const missing = await form.missing(flags)
  if (!missing.length) return undefined
  const config = await Config.load(loadOptions)
  const session = new Session({
    configDir: config.configDir,
    dataDir: config.dataDir,
    version: config.version,
    profile: flags.profile as string | undefined,
  })
  try {
    const answers = await form.ask(flags, missing, session)
    const all = {...flags, ...Object.fromEntries(Object.entries(answers).map(([name, {value}]) => [name, value]))}
    const [summary, profile] = await Promise.all([form.summary(all, session), session.profile()])
    await writeSummary(form.what, summary, profile)
    await confirmSummary(form.what, profile.environment === 'production')
    return {argv: [...argv, ...Object.entries(answers).map(([name, {typed}]) => `--${name}=${typed}`)], config}
  } catch (error) {
    return reported(error, session)
  } finally {
    await session.close()
  }
}
