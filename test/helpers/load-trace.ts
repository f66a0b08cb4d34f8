import {spawn} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {BIN, ROOT} from './cli.js'

/**
 * What a payctl run evaluates of the bundle (dist/bundle). Node's own V8 coverage (`NODE_V8_COVERAGE`, documented
 * on every Node payctl supports) names each script the run compiled and counts each function's calls;
 * dist/bundle-modules.json (scripts/bundle.js, from esbuild's metafile) names the source modules in each bundle
 * file. A module is evaluated when its file was loaded and, if esbuild wrapped it in a function of its own (a
 * CommonJS dependency, a function named by the module's path), when that function ran. Nothing is patched: the
 * bundle runs as a user runs it.
 */
export interface LoadTrace {
  /** Bundle files loaded (paths in dist/bundle) with their sizes. */
  files: Map<string, number>
  /** Modules evaluated (`src/...`, `node_modules/...`) with their bytes in the bundle. */
  modules: Map<string, number>
  /** The evaluated modules' bytes. */
  bytes: number
  /** Files outside dist/bundle that the run loaded (bin/run.js, packages the bundle leaves in node_modules). */
  outside: string[]
}

interface BundleModules {
  files: Record<string, Record<string, number>>
  imports: Record<string, Array<{path: string; kind: string}>>
}

interface CoverageScript {
  url: string
  functions: Array<{functionName: string; ranges: Array<{count: number}>}>
}

export const bundleModules = (): BundleModules =>
  JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle-modules.json'), 'utf8'))

/** `node bin/run.js ...args`, its exit code and what it wrote to stderr (not blocking: the emulator may share the loop). */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<{code: number | null; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {env, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', data => {
      stderr += data
    })
    child.on('error', reject).on('close', code => resolve({code, stderr}))
  })
}

/** Runs `node bin/run.js ...args` with V8 coverage in `env` and answers what it evaluated. */
export async function traceRun(args: string[], env: NodeJS.ProcessEnv): Promise<LoadTrace> {
  const map = bundleModules()
  const dir = mkdtempSync(join(tmpdir(), 'payctl-load-'))
  try {
    const {code, stderr} = await run(args, {...env, NODE_V8_COVERAGE: dir, NO_COLOR: '1'})
    if (code !== 0) throw new Error(`payctl ${args.join(' ')} exited ${code}: ${stderr}`)
    const scripts: CoverageScript[] = readdirSync(dir).flatMap(
      file => JSON.parse(readFileSync(join(dir, file), 'utf8')).result,
    )
    const bundle = `${pathToFileURL(join(ROOT, 'dist', 'bundle')).href}/`
    const trace: LoadTrace = {files: new Map(), modules: new Map(), bytes: 0, outside: []}
    for (const script of scripts) {
      if (!script.url.startsWith(bundle)) {
        if (script.url.startsWith('file:')) trace.outside.push(fileURLToPath(script.url))
        continue
      }
      const file = script.url.slice(bundle.length)
      trace.files.set(file, statSync(join(ROOT, 'dist', 'bundle', file)).size)
      const calls = new Map(script.functions.map(f => [f.functionName, f.ranges[0].count]))
      for (const [module, bytes] of Object.entries(map.files[file] ?? {}))
        if ((calls.get(module) ?? 1) > 0) trace.modules.set(module, bytes)
    }
    for (const bytes of trace.modules.values()) trace.bytes += bytes
    return trace
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/**
 * Who imports each module, among the evaluated ones. Modules in no bundle file (`export * from` files esbuild kept
 * nothing of) pass imports through.
 */
function importersAmong({files, imports}: BundleModules, evaluated: Set<string>): Map<string, string[]> {
  const inFiles = new Set(Object.values(files).flatMap(modules => Object.keys(modules)))
  const counts = (module: string) => evaluated.has(module) || !inFiles.has(module)
  const importers = new Map<string, string[]>()
  for (const [from, list] of Object.entries(imports)) {
    if (!counts(from)) continue
    for (const {path} of list) if (counts(path)) importers.set(path, [...(importers.get(path) ?? []), from])
  }
  return importers
}

/**
 * The shortest chain of imports among the evaluated modules that ends at `target`, starting at one that none of
 * them imports: `[entry, ..., target]`.
 */
export function importChain(map: BundleModules, evaluated: Set<string>, target: string): string[] {
  const importers = importersAmong(map, evaluated)
  const next = new Map<string, string | undefined>([[target, undefined]])
  const queue = [target]
  while (queue.length > 0) {
    const module = queue.shift() as string
    if (!importers.has(module) && evaluated.has(module)) {
      const chain: string[] = []
      for (let m: string | undefined = module; m !== undefined; m = next.get(m)) chain.push(m)
      return chain
    }
    for (const importer of (importers.get(module) ?? []).filter(m => !next.has(m))) {
      next.set(importer, module)
      queue.push(importer)
    }
  }
  return [target]
}
