import {AjvJsonSchemaValidator} from '@modelcontextprotocol/sdk/validation/ajv'
import {describe, expect, it} from 'vitest'
import {callResultOf, fittedResult} from '../../src/mcp/tool-answer.js'

const fits = new AjvJsonSchemaValidator().getValidator({
  type: 'object',
  properties: {data: {type: 'array'}, warnings: {type: 'array', items: {type: 'string'}}},
  additionalProperties: false,
})

/** The last guard before an answer is sent: it fits the announced output schema, or it goes as text only. */
describe('fittedResult', () => {
  it('sends an answer that fits as it is', () => {
    const result = callResultOf({data: [{id: 'a'}], warnings: []})
    expect(fittedResult(result, fits)).toBe(result)
  })

  it('sends an answer that does not fit as an UNEXPECTED error without structured content, its JSON as text', () => {
    const fitted = fittedResult(callResultOf({data: {id: 'a'}, warnings: ['low balance']}), fits)
    expect(fitted.isError).toBe(true)
    expect(fitted.structuredContent).toBeUndefined()
    const [line, json] = fitted.content[0].text.split('\n')
    expect(line).toMatch(/^UNEXPECTED: payctl's answer does not fit the tool's output schema \(.*data.*\)/)
    expect(JSON.parse(json)).toEqual({data: {id: 'a'}, warnings: ['low balance']})
  })
})
