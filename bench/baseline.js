// The build the start-up benchmark compares against: the commit given (`BENCH_BASELINE=<commit-ish>`), else the last
// tag reachable from HEAD, else DEFAULT_BASELINE (the build before wave 7). Its files are taken from git (`git
// archive`, nothing registered in the repository) into node_modules/.cache/payctl-bench/<commit>, installed with
// `npm ci` and built with its own `npm run build` and `npm run build:exe` for this platform only, once: a later run
// takes the cached build.
// node bench/baseline.js [commit-ish]   builds it (or finds it built) and prints its folder.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const cache = join(root, 'node_modules', '.cache', 'payctl-bench')

/** The last commit before wave 7 (issue 52; docs/decisions.md, "Wave 8: start-up and the dry run, round 4"). */
export const DEFAULT_BASELINE = '21e34d6'

export const platformName = () => `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`

const git = (...args) => execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']})

function lastTag() {
  try {
    return git('describe', '--tags', '--abbrev=0', 'HEAD').trim()
  } catch {
    return undefined
  }
}

/** The baseline's full commit id and the name it was chosen by. */
export function baselineCommit(given = process.env.BENCH_BASELINE) {
  const ref = given || lastTag() || DEFAULT_BASELINE
  return {ref, commit: git('rev-parse', '--verify', `${ref}^{commit}`).trim()}
}

/**
 * The baseline built, as the current tree is: its folder, its bin/run.js and its executable for this platform
 * (undefined when that commit cannot build one).
 */
export function baselineBuild({commit} = baselineCommit()) {
  const dir = join(cache, commit)
  const done = join(dir, '.payctl-bench-built')
  const exe = join(dir, 'dist', 'exe', `payctl-${platformName()}${process.platform === 'win32' ? '.exe' : ''}`)
  if (!existsSync(done)) {
    console.error(`building the baseline ${commit.slice(0, 12)} in ${dir} (once; npm ci, npm run build, build:exe)`)
    rmSync(dir, {recursive: true, force: true})
    mkdirSync(dir, {recursive: true})
    execFileSync('tar', ['-x', '-C', dir], {
      input: execFileSync('git', ['archive', commit], {cwd: root, maxBuffer: 1 << 30}),
    })
    const run = (...args) => execFileSync('npm', args, {cwd: dir, stdio: ['ignore', 'ignore', 'inherit']})
    run('ci', '--no-audit', '--no-fund')
    run('run', 'build')
    try {
      execFileSync('npm', ['run', 'build:exe'], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {...process.env, PAYCTL_EXE_TARGETS: platformName()},
      })
    } catch {
      console.error(`the baseline ${commit.slice(0, 12)} builds no executable here: the executable is not compared`)
    }
    writeFileSync(done, `${new Date().toISOString()}\n`)
  }
  return {dir, commit, bin: join(dir, 'bin', 'run.js'), exe: existsSync(exe) ? exe : undefined}
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(baselineBuild(baselineCommit(process.argv[2])).dir)
