import {describe, expect, it} from 'vitest'
import {canonicalOrigin} from '../../src/shared/canonical-origin.js'

describe('canonicalOrigin: one spelling of a service for what payctl keeps about it', () => {
  it.each([
    ['https://API.Example.com:443/', 'https://api.example.com'],
    ['https://api.example.com./api/v2', 'https://api.example.com'],
    ['http://localhost:4010', 'http://127.0.0.1:4010'],
    ['http://[::1]:4010', 'http://127.0.0.1:4010'],
    ['http://app.localhost:4010', 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:80', 'http://127.0.0.1'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
  ])('%s is %s', (origin, canonical) => {
    expect(canonicalOrigin(origin)).toBe(canonical)
  })

  it('keeps other loopback addresses and ports apart', () => {
    expect(canonicalOrigin('http://127.0.0.2:4010')).toBe('http://127.0.0.2:4010')
    expect(canonicalOrigin('http://localhost:4011')).not.toBe(canonicalOrigin('http://127.0.0.1:4010'))
  })
})
