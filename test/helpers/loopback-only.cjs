// Preloaded (node --require) into a tool we did not write: any connection or name look-up beyond the loopback
// interface is refused and reported on stderr as `OFF-LOOPBACK <target>`, so a test can fail on it.
const net = require('node:net')
const dns = require('node:dns')

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
const report = target => process.stderr.write(`OFF-LOOPBACK ${target}\n`)

const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (...args) {
  // net.connect() passes its arguments already normalised, as one array whose first item is the options.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0]
  const options = typeof first === 'object' ? first : {port: first, host: args[1]}
  const host = options.path ? undefined : (options.host ?? 'localhost')
  if (host !== undefined && !LOOPBACK.has(host)) {
    report(`${host}:${options.port}`)
    process.nextTick(() => this.destroy(new Error(`connection to ${host} refused: loopback only`)))
    return this
  }
  return connect.apply(this, args)
}

const lookup = dns.lookup
dns.lookup = function (hostname, ...rest) {
  if (!LOOPBACK.has(hostname)) {
    report(hostname)
    const callback = rest.at(-1)
    process.nextTick(callback, new Error(`look-up of ${hostname} refused: loopback only`))
    return
  }
  return lookup.call(this, hostname, ...rest)
}
