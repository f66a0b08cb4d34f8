import {PayoutClient} from '../../src/client/index.js'
import type {ResolvedProfile} from '../../src/config/resolve.js'
import {LOCAL_EMULATOR} from '../../src/shared/local-emulator.js'

/** The built-in profile of the emulator at `url`, as a service session resolves it. */
export const emulatorProfile = (url: string): ResolvedProfile => ({
  name: 'local',
  environment: 'sandbox',
  origin: url,
  selectedBy: 'default',
  credentialSource: 'builtin',
  credentials: {},
})

/** A client of the emulator at `url` with its full-access key. */
export const emulatorClient = (url: string): PayoutClient =>
  new PayoutClient({origin: url, auth: {authorization: async () => `Bearer ${LOCAL_EMULATOR.fullKey}`}})
