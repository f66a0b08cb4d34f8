import jq from 'jq-web'

/**
 * jq-web's engine, a promise (its CommonJS `module.exports`). Imported statically here and reached through this
 * module's namespace: a bundler's namespace for a CommonJS module inherits from what the module exports, so the
 * namespace of `import('jq-web')` itself would be a thenable that is not a Promise, and awaiting it throws
 * (Bun: "|this| is not a Promise").
 */
export const engine = jq
