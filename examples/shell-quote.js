/** One argument as a POSIX shell reads it back unchanged: bare when it is plainly safe, else in single quotes. */
export const shellQuote = arg => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)

/** A command line that can be pasted into a shell: `payctl` followed by each argument quoted as needed. */
export const commandLine = args => args.map(shellQuote).join(' ')
