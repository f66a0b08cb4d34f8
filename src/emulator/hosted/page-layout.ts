import type {Reply} from '../http/request-context.js'
import type {Brand} from './branding.js'
import {type Html, html, raw} from './hosted-html.js'

/**
 * The page frame, form helpers and the stylesheet. Every page: a skip link, a sandbox notice, the brand
 * header, one `<h1>`, a "Go back" link to the session's `redirectUrl` and, when signed in, who is signed in
 * with a sign-out button. Errors are listed in an alert at the top (each linking to its field) and repeated
 * under the field (`aria-describedby`, `aria-invalid`); the first field in error has the focus (`autofocus`,
 * no script). The server validates, so forms carry `novalidate`.
 */

export const STYLESHEET_PATH = '/hosted/assets/hosted.css'

/** No request leaves the emulator; the session token never leaks to another site (the redirect target) via Referer. */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
}

export interface PageOptions {
  brand: Brand
  title: string
  body: Html
  status?: number
  /** The session's redirectUrl: "Go back". */
  goBack?: string
  /** The signed-in visitor and the sign-out form. */
  account?: {email: string; action: string; csrf: string}
  cookies?: string[]
}

export function page(options: PageOptions): Reply {
  const {brand, title, body, goBack, account} = options
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${brand.name}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body class="brand-${brand.kind}">
<a class="skip" href="#main">Skip to content</a>
<p class="sandbox">Sandbox · local emulator: no real money moves and nothing is e-mailed</p>
<header class="masthead">
  ${brand.logo}
  <div><span class="brand-name">${brand.name}</span><span class="tagline">${brand.tagline}</span></div>
</header>
<main id="main" tabindex="-1">
<h1>${title}</h1>
${body}
</main>
<footer>
  ${goBack ? html`<a class="back" href="${goBack}">Go back</a>` : ''}
  ${
    account
      ? html`<form method="post" action="${account.action}" class="account" novalidate>
    <input type="hidden" name="csrf" value="${account.csrf}">
    <span>Signed in as <strong>${account.email}</strong></span>
    <button type="submit" class="link">Sign out</button>
  </form>`
      : ''
  }
</footer>
</body>
</html>
`
  const headers: Record<string, string | string[]> = {'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS}
  if (options.cookies?.length) headers['set-cookie'] = options.cookies
  return {status: options.status ?? 200, headers, raw: document.value}
}

/** 303 See Other after a successful POST (post/redirect/get). */
export function seeOther(location: string, cookies: string[] = []): Reply {
  const headers: Record<string, string | string[]> = {location, 'cache-control': 'no-store'}
  if (cookies.length) headers['set-cookie'] = cookies
  return {status: 303, headers, raw: ''}
}

export interface FieldError {
  /** The input's `name`; absent for a problem of the whole form. */
  field?: string
  message: string
}

export const fieldId = (name: string) => `field-${name}`

export function errorSummary(errors: FieldError[]): Html | '' {
  if (!errors.length) return ''
  return html`<div class="alert error" role="alert" id="errors">
  <h2>${errors.length === 1 ? 'There is a problem' : 'There are problems'}</h2>
  <ul>${errors.map(e => html`<li>${e.field ? html`<a href="#${fieldId(e.field)}">${e.message}</a>` : e.message}</li>`)}</ul>
</div>`
}

export interface FieldOptions {
  name: string
  label: string
  value?: string
  type?: 'text' | 'email' | 'tel'
  hint?: string
  autocomplete?: string
  inputmode?: 'numeric' | 'decimal' | 'email' | 'tel'
  /** Codes, IBANs and addresses: no spell checking or auto-capitalisation. */
  verbatim?: boolean
  errors?: FieldError[]
}

export function field(options: FieldOptions): Html {
  const id = fieldId(options.name)
  const error = options.errors?.find(e => e.field === options.name)
  const described = [options.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return html`<div class="field${error ? ' has-error' : ''}">
  <label for="${id}">${options.label}</label>
  ${options.hint ? html`<p class="hint" id="${id}-hint">${options.hint}</p>` : ''}
  ${error ? html`<p class="field-error" id="${id}-error">${error.message}</p>` : ''}
  <input id="${id}" name="${options.name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"
    ${options.autocomplete ? raw(`autocomplete="${options.autocomplete}"`) : ''}
    ${options.inputmode ? raw(`inputmode="${options.inputmode}"`) : ''}
    ${options.verbatim ? raw('spellcheck="false" autocapitalize="off"') : ''}
    ${described ? html`aria-describedby="${described}"` : ''} ${error ? raw('aria-invalid="true"') : ''}
    ${options.errors?.[0]?.field === options.name ? raw('autofocus') : ''} required>
</div>`
}

/** A POST form with its CSRF token. */
export function postForm(action: string, csrf: string, content: Html, className = ''): Html {
  return html`<form method="post" action="${action}" novalidate${className ? html` class="${className}"` : ''}>
<input type="hidden" name="csrf" value="${csrf}">
${content}
</form>`
}

/** "Done": back to the session's redirectUrl; `primary` unless the page has another main action. */
export const doneLink = (redirectUrl: string, primary = true) =>
  html`<a class="button${primary ? ' primary' : ''}" href="${redirectUrl}">Done</a>`

export const STYLESHEET = `
:root{--accent:#1d4ed8;--accent-dark:#1e3a8a;--ink:#111827;--muted:#4b5563;--line:#d1d5db;--bg:#f3f4f6;--error:#b91c1c;--ok:#047857}
.brand-team{--accent:#0f766e;--accent-dark:#134e4a;--bg:#f0fdfa}
.brand-platform{--accent:#6d28d9;--accent-dark:#4c1d95;--bg:#f5f3ff}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
.sandbox{margin:0;padding:4px 16px;background:#fef3c7;color:#78350f;font-size:13px;text-align:center}
.masthead{display:flex;align-items:center;gap:12px;max-width:720px;margin:24px auto 0;padding:0 16px}
.brand-name{display:block;font-weight:700;font-size:20px;color:var(--accent-dark)}
.tagline{display:block;font-size:13px;color:var(--muted)}
main{max-width:720px;margin:16px auto;padding:24px;background:#fff;border:1px solid var(--line);border-top:4px solid var(--accent);border-radius:8px}
main:focus{outline:none}
h1{font-size:24px;margin:0 0 16px}h2{font-size:18px;margin:0 0 8px}
p{margin:0 0 12px}
.field{margin:0 0 16px}
label,legend{display:block;font-weight:600;margin-bottom:4px}
.hint{color:var(--muted);font-size:14px;margin:0 0 4px}
input[type=text],input[type=email],input[type=tel],select{width:100%;padding:8px 10px;font:inherit;border:2px solid #6b7280;border-radius:4px;background:#fff}
.has-error input{border-color:var(--error)}
.field-error{color:var(--error);font-weight:600;margin:0 0 4px}
fieldset{border:0;padding:0;margin:0 0 16px}
.choice{display:flex;gap:8px;align-items:center;padding:8px 10px;border:1px solid var(--line);border-radius:4px;margin-bottom:6px}
.choice label{font-weight:400;margin:0}
.choice input{width:20px;height:20px;margin:0}
.choice .hint{margin:0}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.button,button{display:inline-block;font:inherit;font-weight:600;padding:10px 18px;border-radius:6px;border:2px solid var(--accent);background:#fff;color:var(--accent-dark);text-decoration:none;cursor:pointer}
.button.primary,button.primary{background:var(--accent);color:#fff}
button.link{border:0;padding:0;background:none;color:var(--accent-dark);text-decoration:underline;font-weight:400}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin-top:20px}
form+form{margin-top:12px}
.alert{padding:12px 16px;border-radius:6px;margin:0 0 16px;border-left:6px solid}
.alert.error{background:#fef2f2;border-color:var(--error)}.alert.error a{color:var(--error)}
.alert.ok{background:#ecfdf5;border-color:var(--ok)}
.alert.info{background:#eff6ff;border-color:var(--accent)}
.alert ul{margin:0;padding-left:20px}
.inbox{border:2px dashed var(--accent);border-radius:6px;padding:12px 16px;margin:0 0 16px;background:#fafafa}
.code{font:700 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:4px}
table{width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px}
caption{text-align:left;font-weight:600;margin-bottom:6px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line)}
thead th,.status{white-space:nowrap}
td.destination,td[data-label=Recipient]{overflow-wrap:anywhere}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
.amount{white-space:nowrap}
tfoot th,tfoot td{font-weight:700;border-bottom:0}
.how{display:block;color:var(--muted);font-size:13px}
.flag{margin:6px 0 0;font-size:14px}
@media (max-width:700px){
.payouts{position:relative}
.payouts caption{display:block}
.payouts thead th{position:absolute;left:0;top:0;width:1px;height:1px;padding:0;border:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.payouts,.payouts tbody,.payouts tfoot,.payouts tr,.payouts td,.payouts tfoot th{display:block;width:100%}
.payouts tbody tr{border:1px solid var(--line);border-radius:6px;margin:0 0 12px;padding:4px 0}
.payouts td{border:0;padding:4px 12px}
.payouts td.num{text-align:left}
.payouts tbody td::before{content:attr(data-label);display:block;color:var(--muted);font-size:13px}
.payouts tfoot tr{display:flex;justify-content:space-between;gap:12px;padding:4px 12px}
.payouts tfoot th,.payouts tfoot td{width:auto;padding:0}
}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dl.summary dt{color:var(--muted)}dl.summary dd{margin:0;font-weight:600}
.status{display:inline-block;padding:0 8px;border-radius:999px;background:var(--bg);font-size:13px}
.warning{color:#a4262c}
footer{max-width:720px;margin:0 auto 32px;padding:0 16px;display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;font-size:14px}
footer a{color:var(--accent-dark)}
.account{display:flex;gap:8px;align-items:center}
`
