import type {SessionUrl} from '../../contract/responses.js'
import type {Answered} from '../../operations/operation.js'
import {type Shown, shown} from '../shown.js'
import type {Output} from './output.js'

/** A minted hosted-session URL, printed (`{url}` under --json); --open also opens it in a browser. */
export function shownSessionUrl(minted: Answered<SessionUrl>, open: boolean, out: Output): Shown<SessionUrl> {
  return shown(minted.value, {
    view: ({url}, to) => to.line(url),
    after: async ({url}) => {
      if (!open) return
      const {openInBrowser} = await import('../browser.js')
      if (await openInBrowser(url)) out.info('Opened in your browser.')
      else out.info('No browser was opened (PAYCTL_BROWSER=none, or no terminal): open the URL above yourself.')
    },
  })
}
