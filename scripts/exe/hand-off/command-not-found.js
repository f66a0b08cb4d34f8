export default globalThis[Symbol.for('payctl.exe')].commandNotFound().default
