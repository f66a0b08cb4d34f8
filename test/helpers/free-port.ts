import {createServer} from 'node:net'

/** A loopback port free at the time of asking (a command under test is then told to listen on it). */
export const freePort = () =>
  new Promise<number>(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number}
      server.close(() => resolve(port))
    })
  })
