/**
 * Server-rendered HTML without a framework: `html` is a tagged template that escapes every interpolated
 * value unless it is already `Html` (another fragment, or `raw()` for trusted markup such as inline SVG).
 * Arrays are joined; `undefined`, `null` and `false` render nothing.
 */

export class Html {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value
  }
}

const ENTITIES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, char => ENTITIES[char])

/** Trusted markup, inserted as it is. */
export const raw = (markup: string): Html => new Html(markup)

function render(value: unknown): string {
  if (value instanceof Html) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  if (value === undefined || value === null || value === false) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return new Html(out)
}
