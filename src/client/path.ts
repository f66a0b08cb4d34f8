/** Builds a request path, encoding every interpolated value: path`/_emulator/payouts/${id}/expire`. */
export function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  let out = strings[0]
  values.forEach((value, index) => {
    out += encodeURIComponent(String(value)) + strings[index + 1]
  })
  return out
}
