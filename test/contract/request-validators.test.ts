import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {generatedCheck} from '../../src/contract/generated-check.js'
import {v1Schema} from '../../src/services/import/validate/import-schema-v1.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {ROOT} from '../helpers/cli.js'

/**
 * src/contract/generated/request-validators.ts is what `npm run build` makes from the contract today
 * (scripts/request-validators.js), and it covers every body the CSV import checks row by row. That the generated
 * validators decide as zod does is compiled-check.property.test.ts's.
 */

const FILE = join(ROOT, 'src', 'contract', 'generated', 'request-validators.ts')

describe('the request validators generated at build time', () => {
  it('are current: generating them from the contract again changes nothing', () => {
    const regenerated = execFileSync(process.execPath, [join(ROOT, 'scripts', 'request-validators.js'), '--print'], {
      encoding: 'utf8',
    })
    expect(regenerated === readFileSync(FILE, 'utf8'), 'run npm run build and commit the file').toBe(true)
  })

  it("include every request body the import checks, so that the import's check loads no Ajv", () => {
    for (const schema of [...(v1Schema.bodies ?? []), ...(v2Schema.bodies ?? [])])
      expect(generatedCheck(schema)).toBeDefined()
  })
})
