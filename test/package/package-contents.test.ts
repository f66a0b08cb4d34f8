import {execFileSync} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join, normalize, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/cli.js'

/** What `npm pack` would publish, as paths relative to the package root. */
function packedFiles(): Set<string> {
  const json = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  return new Set((JSON.parse(json) as Array<{files: Array<{path: string}>}>)[0].files.map(f => f.path))
}

/** Every relative link of a Markdown file (no URL, no in-page anchor), resolved against the package root. */
function relativeLinks(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(match => match[1].split('#')[0])
    .filter(target => target && !/^[a-z]+:/i.test(target))
    .map(target => normalize(join(dirname(file), target)))
}

describe('the published package', () => {
  const files = packedFiles()

  it('ships every file that README.md and the shipped docs link to', () => {
    const docs = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter(f => f.endsWith('.md'))
        .map(f => `docs/${f}`),
    ]
    for (const doc of docs) expect(files.has(doc), doc).toBe(true)
    const links = docs.flatMap(doc => relativeLinks(doc).map(target => ({doc, target})))
    expect(links.map(l => l.target)).toContain('examples/payouts.csv')
    for (const {doc, target} of links) expect(files.has(relative('.', target)), `${doc} -> ${target}`).toBe(true)
  })

  it('has an MIT LICENSE for "payctl contributors", as package.json says, and no development entry point', () => {
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).license).toBe('MIT')
    expect(files.has('LICENSE')).toBe(true)
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8')
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} payctl contributors\n/)
    expect([...files].filter(f => f.startsWith('bin/')).sort()).toEqual(['bin/run.cmd', 'bin/run.js'])
    expect(files.has('oclif.manifest.json')).toBe(true)
  })

  it("runs from dist/bundle alone: not tsc's output, the executables or their build files", () => {
    const dist = [...files].filter(f => f.startsWith('dist/'))
    expect(dist).toContain('dist/bundle/run.js')
    expect(dist).toContain('dist/bundle/commands/payouts/list.js')
    expect(dist.filter(f => !f.startsWith('dist/bundle/'))).toEqual([])
  })
})

describe('the demo prints commands that can be pasted', () => {
  it('quotes every argument a shell would split or expand, and the shell reads each back unchanged', async () => {
    const {commandLine} = (await import(join(ROOT, 'examples', 'shell-quote.js'))) as {
      commandLine(args: string[]): string
    }
    const args = [
      'counterparties',
      'create',
      '--line1',
      'Hauptstr. 1',
      '-d',
      JSON.stringify({targetUrl: 'http://127.0.0.1:9/x?a=1&b=2', eventType: 'payout'}),
      "O'Brien",
      '$HOME',
      '*',
      '',
      'plain-value_1.csv',
    ]
    const line = commandLine(args)
    expect(line).toContain("--line1 'Hauptstr. 1'")
    expect(line).toContain('plain-value_1.csv')
    const echoed = execFileSync('sh', ['-c', `for a in ${line}; do printf '%s\\0' "$a"; done`], {encoding: 'utf8'})
    expect(echoed.split('\0').slice(0, -1)).toEqual(args)
    const demo = readFileSync(join(ROOT, 'examples', 'demo.js'), 'utf8')
    expect(demo).not.toMatch(/\$ payctl[^`]*\$\{args\.join/)
    expect(demo.match(/commandLine\(args\)/g)).toHaveLength(2)
  })
})
