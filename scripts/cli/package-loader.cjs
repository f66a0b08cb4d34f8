// The npm package's start (bin/run.js; `npm run build` bundles this file with script-runtime.cjs into
// dist/payctl/loader.cjs): runs the CLI's scripts in dist/payctl with V8 code caches kept per user, in
// <tmpdir>/payctl-code-cache-<uid> as Node keeps its own compile cache in <tmpdir>/node-compile-cache. Node's
// compile cache holds a module's top-level code only, so every function a command calls is compiled again at
// every start; these caches are written when the process exits and hold every function that run compiled, on
// top of those the cache it started from held. A script's cache is written by a run that found none (or one V8
// rejected: another Node, other V8 flags), and by the first run of each kind of call (the command's words, with
// --help or --version) up to KINDS of them; other runs only read it. A cache is named by its script's SHA-256
// (dist/payctl/scripts.json), the Node version and the architecture: V8 itself checks only the source's length.
// PAYCTL_CODE_CACHE=0 neither reads nor writes them.
const {closeSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync} = require('node:fs')
const {tmpdir} = require('node:os')
const {join} = require('node:path')
const {createRuntime} = require('./script-runtime.cjs')

const KINDS = 16

/** The cache folder, made 0700 and checked to be this user's own; undefined when it cannot be trusted. */
function cacheFolder() {
  const uid = process.getuid?.()
  const folder = join(tmpdir(), uid === undefined ? 'payctl-code-cache' : `payctl-code-cache-${uid}`)
  try {
    mkdirSync(folder, {mode: 0o700})
  } catch (error) {
    if (error.code !== 'EEXIST') return undefined
  }
  try {
    const stat = lstatSync(folder)
    const own = uid === undefined || (stat.uid === uid && (stat.mode & 0o077) === 0)
    return stat.isDirectory() && own ? folder : undefined
  } catch {
    return undefined
  }
}

/**
 * The kind of call `argv` is: up to two command words, and --help or --version if given. Only lowercase words:
 * an argument (a path, an id, anything a user types) never reaches the file.
 */
function kindOf(argv) {
  const words = []
  for (const arg of argv) {
    if (!/^[a-z][a-z0-9-]*$/.test(arg) || words.length === 2) break
    words.push(arg)
  }
  const flag = argv.find(arg => ['--help', '-h', '--version'].includes(arg))
  return [...words, flag ?? ''].join(' ')
}

/** A cache file: a 4-byte length, the JSON list of the kinds of call it was written after, then V8's data. */
function readCache(file) {
  try {
    const buffer = readFileSync(file)
    const length = buffer.readUInt32LE(0)
    return {kinds: JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')), data: buffer.subarray(4 + length)}
  } catch {
    return undefined
  }
}

/** Runs payctl from the package's folder `root` with `argv`; resolves when oclif is done. */
function run(root, argv) {
  const dir = join(root, 'dist', 'payctl')
  const digests = JSON.parse(readFileSync(join(dir, 'scripts.json'), 'utf8'))
  const folder = process.env.PAYCTL_CODE_CACHE === '0' ? undefined : cacheFolder()
  const cacheFile = name => join(folder, `${name}-${digests[name]}-${process.version}-${process.arch}.cache`)
  const loaded = new Map()
  const runtime = createRuntime({
    source: name => readFileSync(join(dir, `${name}.js`), 'latin1'),
    cache: name => {
      const cache = folder && readCache(cacheFile(name))
      if (cache) loaded.set(name, cache.kinds)
      return cache?.data
    },
    require,
    filename: join(dir, 'core.js'),
    root,
    scriptOptions: name => ({filename: join(dir, `${name}.js`)}),
  })
  if (folder) {
    const kind = kindOf(argv)
    process.once('exit', () => {
      for (const [name, script] of runtime.compiled) {
        const kinds = script.cachedDataRejected === false ? loaded.get(name) : []
        if (kinds.includes(kind) || kinds.length >= KINDS) continue
        writeCache(cacheFile(name), [...kinds, kind], script.createCachedData())
      }
    })
  }
  return runtime.script('core')(argv, root)
}

/** Writes `file` whole or not at all (another payctl may be reading or writing it). */
function writeCache(file, kinds, data) {
  const header = Buffer.from(JSON.stringify(kinds))
  const length = Buffer.alloc(4)
  length.writeUInt32LE(header.length)
  const temp = `${file}.${process.pid}.tmp`
  try {
    const fd = openSync(temp, 'w', 0o600)
    try {
      for (const part of [length, header, data]) writeSync(fd, part)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, file)
  } catch {
    // A cache only saves time: a full disk or a vanished folder means the next run compiles again.
    rmSync(temp, {force: true})
  }
}

module.exports = {run}
