import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {runUntilStopped, watchInterrupts} from '../src/operations/interrupt.js'

/** Signals are emitted on `process` (its listeners run, no signal is sent), so nothing here stops the worker. */
const handlers = () => ({
  SIGINT: process.listenerCount('SIGINT'),
  SIGTERM: process.listenerCount('SIGTERM'),
  stdoutError: process.stdout.listenerCount('error'),
})
let before = handlers()
beforeEach(() => {
  before = handlers()
})
afterEach(() => expect(handlers()).toEqual(before))

const epipe = () => Object.assign(new Error('write EPIPE'), {code: 'EPIPE'})

describe('runUntilStopped', () => {
  it('serves, waits for the stop, then runs the clean-ups in the order added and removes its handlers', async () => {
    const events: string[] = []
    const run = runUntilStopped(async serving => {
      serving.onStop(() => events.push('close'))
      serving.onStop(async () => events.push('unregister'))
      events.push('serving')
    })
    await new Promise(resolve => setImmediate(resolve))
    expect(events).toEqual(['serving'])
    process.emit('SIGTERM')
    expect(await run).toBe('SIGTERM')
    expect(events).toEqual(['serving', 'close', 'unregister'])
  })

  it('keeps a Ctrl-C that comes while starting: serving ends at once with SIGINT', async () => {
    let received: unknown
    const stopped = await runUntilStopped(async serving => {
      process.emit('SIGINT')
      received = serving.received
    })
    expect(received).toBe('SIGINT')
    expect(stopped).toBe('SIGINT')
  })

  it('runs the clean-ups added so far when serving fails, and passes the error on', async () => {
    const events: string[] = []
    const run = runUntilStopped(async serving => {
      serving.onStop(() => events.push('close'))
      throw new Error('register failed')
    })
    await expect(run).rejects.toThrow('register failed')
    expect(events).toEqual(['close'])
  })

  it('with stdoutClosed, a reader that goes away (EPIPE) stops it; without, only signals do', async () => {
    const run = runUntilStopped(async () => undefined, {stdoutClosed: true})
    process.stdout.emit('error', epipe())
    expect(await run).toBe('stdout closed')

    let stdoutWatched = -1
    const plain = runUntilStopped(async () => {
      stdoutWatched = process.stdout.listenerCount('error') - before.stdoutError
    })
    expect(stdoutWatched).toBe(0)
    process.emit('SIGTERM')
    expect(await plain).toBe('SIGTERM')
  })
})

describe('watchInterrupts', () => {
  it('the first stop writes the notice once and aborts the signal with an INTERRUPTED error (exit 130)', async () => {
    const lines: string[] = []
    const interrupts = watchInterrupts({notice: 'Stopping after the chunks in flight…', write: l => lines.push(l)})
    expect(interrupts.signal.aborted).toBe(false)
    process.emit('SIGTERM')
    process.emit('SIGTERM')
    expect(await interrupts.stopped).toBe('SIGTERM')
    expect(interrupts.received).toBe('SIGTERM')
    expect(lines).toEqual(['Stopping after the chunks in flight…'])
    expect(interrupts.signal.reason).toMatchObject({code: 'INTERRUPTED', exitCode: 130})
    interrupts.dispose()
  })
})
