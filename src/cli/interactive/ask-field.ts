/** Where the questions are asked: the terminal's input, and stderr (stdout carries data only). */
export const PROMPT_IO = {input: process.stdin, output: process.stderr}

/** An oclif flag as far as a question uses it: its help line and the parse its value goes through on the command line. */
export interface AskedFlag {
  summary?: string
  // biome-ignore lint/suspicious/noExplicitAny: oclif's parse takes its own context and options, unused by payctl's flags
  parse(input: string, context: any, options: any): Promise<unknown>
}

/** An answer: as typed (put on the command line as the flag's value) and as the flag's parse made it. */
export interface Answer {
  typed: string
  value: unknown
}

/** The flag's value as its parse makes it, or the parse's one-line reason. */
async function parsed(flag: AskedFlag, typed: string): Promise<{value: unknown} | {problem: string}> {
  try {
    return {value: await flag.parse(typed, undefined, flag)}
  } catch (error) {
    return {problem: error instanceof Error ? error.message : String(error)}
  }
}

/** The question for a flag: its --help summary, without the closing full stop. */
export function questionOf(name: string, flag: AskedFlag): string {
  const summary = flag.summary ?? name
  return summary.endsWith('.') ? summary.slice(0, -1) : summary
}

/**
 * Asks for one flag's value until the flag's own parse takes it, and `check` (the contract's rule for the value, when
 * the flag's parse leaves one to the command) finds nothing wrong; each refusal is shown under the question.
 */
export async function askFlag(
  name: string,
  flag: AskedFlag,
  check: (value: unknown) => string | undefined = () => undefined,
): Promise<Answer> {
  const {input} = await import('@inquirer/prompts')
  const typed = await input(
    {
      message: questionOf(name, flag),
      required: true,
      validate: async value => {
        const result = await parsed(flag, value)
        return 'problem' in result ? result.problem : (check(result.value) ?? true)
      },
    },
    PROMPT_IO,
  )
  const result = await parsed(flag, typed)
  if ('problem' in result) throw new Error(result.problem)
  return {typed, value: result.value}
}
