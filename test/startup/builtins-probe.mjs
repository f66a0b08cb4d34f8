// Preloaded into a payctl run (NODE_OPTIONS=--import): prints the Node built-in modules it loaded, at exit.
process.on('exit', () => {
  const builtins = process.moduleLoadList.filter(name => name.startsWith('NativeModule ')).map(name => name.slice(13))
  process.stderr.write(`builtins: ${builtins.join(' ')}\n`)
})
