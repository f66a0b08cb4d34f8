import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ERROR_STATUS, HTTP_LAYER_ERRORS} from '../../src/contract/error-envelope.js'
import {REQUEST_SCHEMAS} from '../../src/contract/operation-bodies.js'
import {OPERATIONS} from '../../src/contract/operations.js'
import {buildRouter} from '../../src/emulator/route-table.js'
import {ROOT} from '../helpers/cli.js'

/** docs/openapi.json is what `npm run openapi` makes from the contract today, and it covers the emulator's API. */

const committed = readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')
const document = JSON.parse(committed)
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

describe('docs/openapi.json', () => {
  it('is current: regenerating it changes nothing', () => {
    const regenerated = execFileSync(process.execPath, [join(ROOT, 'scripts', 'openapi.js'), '--print'], {
      encoding: 'utf8',
    })
    expect(regenerated).toBe(committed)
  })

  it('has every API route the emulator serves, with its method', () => {
    const routes = buildRouter({} as never)
      .list()
      .filter(route => route.path.startsWith('/api/v') || route.path === '/api/openapi.json')
      .map(route => `${route.method} ${openApiPath(route.path)}`)
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map(method => `${method.toUpperCase()} ${path}`),
    )
    expect(documented.sort()).toEqual(expect.arrayContaining(routes.sort()))
  })

  it('has every request schema of the contract on its operation', () => {
    for (const request of REQUEST_SCHEMAS) {
      const operation = document.paths[request.path]?.[request.method.toLowerCase()]
      expect(operation, `${request.method} ${request.path}`).toBeDefined()
      if (request.part === 'query') expect(operation.parameters.length, request.name).toBeGreaterThan(0)
      else
        expect(JSON.stringify(operation.requestBody), request.name).toContain(
          request.name.replace(/^./, c => c.toUpperCase()),
        )
    }
  })

  it('gives every error status of the contract and of the HTTP layer the error envelope', () => {
    const statuses = new Set([...Object.values(ERROR_STATUS).map(String), ...Object.keys(HTTP_LAYER_ERRORS)])
    const answered = new Set<string>()
    for (const item of Object.values(document.paths) as Record<
      string,
      {responses: Record<string, {content?: object}>}
    >[])
      for (const operation of Object.values(item))
        for (const [status, response] of Object.entries(operation.responses))
          if (!status.startsWith('2')) {
            const content = JSON.stringify(response.content)
            // The OAuth endpoints answer the RFCs' own error body.
            if (content.includes('#/components/schemas/OAuthError')) continue
            answered.add(status)
            expect(content).toContain('#/components/schemas/ErrorEnvelope')
          }
    expect([...answered].sort()).toEqual([...statuses].sort())
  })

  it('offers idempotency-key on every v2 POST and nowhere else', () => {
    for (const operation of OPERATIONS) {
      const parameters = JSON.stringify(document.paths[operation.path][operation.method].parameters ?? [])
      const v2Post = operation.method === 'post' && operation.path.startsWith('/api/v2/')
      expect(parameters.includes('IdempotencyKey'), operation.operationId).toBe(v2Post)
    }
    expect(document.components.parameters.IdempotencyKey).toMatchObject({name: 'idempotency-key', in: 'header'})
  })

  it('marks what DESIGN.md decides', () => {
    const decided = Object.values(document.paths)
      .flatMap(item => Object.values(item as object))
      .filter(operation => operation['x-payctl-decision'] === true)
    expect(decided.length).toBeGreaterThan(0)
    for (const operation of decided) expect(operation.description).toMatch(/\n\nDecided by payctl \(DESIGN\.md\)/)
    expect(document.components.schemas.ErrorEnvelope['x-payctl-decision']).toBe(true)
  })
})
