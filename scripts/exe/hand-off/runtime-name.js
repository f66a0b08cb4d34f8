export default globalThis[Symbol.for('payctl.exe')].runtimeName().default
