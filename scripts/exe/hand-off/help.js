export default globalThis[Symbol.for('payctl.exe')].help().default
