import type {AddressInfo} from 'node:net'

/** Where a TCP server listens, or an error saying `what` is not running (not listening yet, or closed). */
export function listeningAddress(
  server: {address(): AddressInfo | string | null} | undefined,
  what: string,
): AddressInfo {
  const address = server?.address()
  if (!address || typeof address === 'string') throw new Error(`${what} is not running`)
  return address
}
