import {describe, expect, it} from 'vitest'
import {pushedPages} from '../../src/operations/pushed-pages.js'

/** The pages a batch command pushes as its calls are applied, read as an item stream (src/cli/output/pushed-pages.ts). */
describe('pushedPages', () => {
  it('gives every page in order; each emit resolves once its page was read and the next one asked for', async () => {
    const events: string[] = []
    const pages = pushedPages<number>(async emit => {
      for (const page of [[1, 2], [3]]) {
        events.push(`emit ${page}`)
        await emit(page)
        events.push(`written ${page}`)
      }
    })
    for await (const page of pages) events.push(`read ${page}`)
    expect(events).toEqual(['emit 1,2', 'read 1,2', 'written 1,2', 'emit 3', 'read 3', 'written 3'])
  })

  it("the producer's error ends the pages after those it emitted", async () => {
    const read: number[][] = []
    const pages = pushedPages<number>(async emit => {
      await emit([1])
      throw new Error('batch refused')
    })
    await expect(
      (async () => {
        for await (const page of pages) read.push(page)
      })(),
    ).rejects.toThrow('batch refused')
    expect(read).toEqual([[1]])
  })

  it('a reader that stops (its output failed) makes the pending emit reject: the producer sends nothing more', async () => {
    let sent = 0
    let stopped: unknown
    const pages = pushedPages<number>(async emit => {
      try {
        for (;;) {
          sent++
          await emit([sent])
        }
      } catch (error) {
        stopped = error
      }
    })
    for await (const _ of pages) break
    await new Promise(resolve => setImmediate(resolve))
    expect(sent).toBe(1)
    expect(stopped).toBeInstanceOf(Error)
  })
})
