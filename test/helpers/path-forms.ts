/** The ways one path can be written that a router may read as the same route. */
export function pathForms(path: string): string[] {
  const [, first, ...rest] = path.split('/')
  const tail = rest.join('/')
  return [
    path,
    `/${path}`,
    `${path}/`,
    `/./${first}/${tail}`,
    `/x/../${first}/${tail}`,
    `/${first}//${tail}`,
    `/${encodeURIComponent(first).replace('_', '%5F')}/${tail}`,
    `/${first.replace('_', '%5f')}/${tail}`,
    `/${first}%2F${tail}`,
    `/${first.toUpperCase()}/${tail}`,
    `/%2E/${first}/${tail}`,
  ]
}
