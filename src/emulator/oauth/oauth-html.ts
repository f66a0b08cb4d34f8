import type {Reply} from '../http/request-context.js'

/**
 * Server-rendered HTML of the sign-in and consent pages: no scripts, no external requests (inline styles
 * only, enforced by the Content-Security-Policy), never framed (clickjacking on the consent page).
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, c => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c] ?? c)

/** Tagged template that escapes every interpolated value except `raw()` fragments. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html)

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0]
  values.forEach((value, i) => {
    const items = Array.isArray(value) ? value : [value]
    for (const item of items) {
      if (item instanceof Raw) out += item.html
      else if (item !== undefined && item !== null && item !== false) out += escapeHtml(String(item))
    }
    out += strings[i + 1]
  })
  return raw(out)
}

const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f4f5f7;color:#1d1f23}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 3px #0002}
h1{font-size:1.4rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=text]{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid #767676;border-radius:4px}
input:focus,button:focus{outline:3px solid #1a5fb4;outline-offset:2px}
fieldset{border:1px solid #ccc;border-radius:4px;margin:1rem 0;padding:.5rem 1rem}
fieldset label{display:inline;font-weight:400;margin:0}
.choice{margin:.5rem 0}
button{font:inherit;padding:.6rem 1.2rem;border-radius:4px;border:1px solid #1a5fb4;background:#1a5fb4;color:#fff;cursor:pointer;margin:1rem .5rem 0 0}
button.secondary{background:#fff;color:#1a5fb4}
.note{background:#fff8e1;border:1px solid #e0c060;border-radius:4px;padding:.75rem;margin:1rem 0}
.code{font:700 1.6rem ui-monospace,monospace;letter-spacing:.2em}
.error{background:#fdecea;border:1px solid #d9534f;border-radius:4px;padding:.75rem;margin:1rem 0}
.muted{color:#555;font-size:.9rem}
ul{padding-left:1.2rem}
`

const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
}

export function page(
  title: string,
  body: Raw,
  options: {status?: number; headers?: Record<string, string>} = {},
): Reply {
  const document = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title} · Payout Service emulator</title><style>${raw(STYLE)}</style></head>
<body><main>
<h1>${title}</h1>
${body}
<p class="muted">Payout Service emulator: local sign-in, nothing leaves this machine.</p>
</main></body></html>
`
  return {
    status: options.status ?? 200,
    raw: document.html,
    headers: {'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...options.headers},
  }
}

/** A page for an error that cannot be sent back to the client (unknown client, unregistered redirect). */
export const errorPage = (message: string, status = 400) =>
  page(
    'This sign-in request cannot be completed',
    html`<p class="error" role="alert">${message}</p>
<p>Nothing was shared with the application. Start again from the application (for payctl: <code>payctl auth login</code>).</p>`,
    {status},
  )

export const redirect = (location: string, headers: Record<string, string> = {}): Reply => ({
  status: 303,
  raw: '',
  headers: {location, 'cache-control': 'no-store', ...headers},
})
