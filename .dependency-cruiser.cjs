// The import rules of the layers (docs/development.md, "Layers"), checked by `npm run lint`:
//   commands -> cli -> operations -> services -> config -> client -> contract -> shared; the MCP adapter (src/mcp)
//   serves the operations to an agent from beside the CLI; the emulator is its own tree on contract and shared.

/** Inside the emulator (docs/emulator.md, "Inside the emulator"): each folder and the folders it may import. */
const EMULATOR_LAYERS = {
  routes: ['domain', 'store', 'webhooks', 'http'],
  hosted: ['domain', 'store', 'http'],
  documents: ['hosted', 'domain', 'store', 'http'],
  variance: ['domain', 'http'],
  oauth: ['domain', 'store', 'http'],
  webhooks: ['domain', 'store'],
  domain: ['store', 'http'],
  store: [],
  http: [],
}

const emulatorLayerRules = Object.entries(EMULATOR_LAYERS).map(([folder, below]) => ({
  name: `emulator-${folder}-imports-only-${below.length ? below.join('-') : 'itself'}`,
  severity: 'error',
  comment: `src/emulator/${folder}/ may import ${below.length ? below.map(f => `${f}/`).join(', ') : 'nothing else of the emulator'} (and src/shared).`,
  from: {path: `^src/emulator/${folder}/`},
  to: {path: '^src/emulator/', pathNot: `^src/emulator/(${[folder, ...below].join('|')})/`},
}))

const UI_PACKAGES = '(^|/)node_modules/(@oclif/|ora/|cli-table3/|@inquirer/)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle anywhere: every layer and every topic reads top-down.',
      from: {},
      to: {circular: true},
    },
    {
      name: 'not-to-commands',
      severity: 'error',
      comment: 'Commands are entry points: nothing imports them.',
      from: {path: '^src/', pathNot: '^src/commands/'},
      to: {path: '^src/commands/'},
    },
    {
      name: 'services-not-to-cli',
      severity: 'error',
      comment: 'Services hold logic only: rendering, prompts, flags and exit handling are the CLI layer\'s.',
      from: {path: '^src/services/'},
      to: {path: '^src/cli/'},
    },
    {
      name: 'payouts-not-to-import',
      severity: 'error',
      comment:
        'The import builds on the payout services (identity, comparison, balances), never the other way: no loop between the folders.',
      from: {path: '^src/services/payouts/'},
      to: {path: '^src/services/(import|import-status)/'},
    },
    {
      name: 'operations-only-to-services-and-below',
      severity: 'error',
      comment:
        'An operation is a job the CLI and MCP both call: it runs services and reports; it knows neither its presenters nor oclif.',
      from: {path: '^src/operations/'},
      to: {path: '^src/', pathNot: '^src/(operations|services|config|client|contract|results|shared)/'},
    },
    {
      name: 'services-not-to-operations',
      severity: 'error',
      comment: 'Operations are built on the services, never the other way.',
      from: {path: '^src/services/'},
      to: {path: '^src/operations/'},
    },
    {
      name: 'services-not-to-mcp',
      severity: 'error',
      comment: 'The MCP adapter drives the commands from above the services: no service imports it.',
      from: {path: '^src/services/'},
      to: {path: '^src/mcp/'},
    },
    {
      name: 'cli-not-to-client',
      severity: 'error',
      comment:
        'The CLI presents what operations answer: it reaches the service through src/operations, never the client (its types are the contract\'s).',
      from: {path: '^src/cli/'},
      to: {path: '^src/client/'},
    },
    {
      name: 'mcp-not-to-cli',
      severity: 'error',
      comment:
        'The MCP adapter calls the operations, as the CLI does: it executes no command (neither the CLI nor oclif; commands are no one\'s import).',
      from: {path: '^src/mcp/'},
      to: {path: '^src/cli/'},
    },
    {
      name: 'cli-not-to-mcp',
      severity: 'error',
      comment: 'The terminal and MCP are peers over the operations: the CLI knows nothing of the MCP adapter.',
      from: {path: '^src/cli/'},
      to: {path: '^src/mcp/'},
    },
    {
      name: 'config-only-to-client-and-shared',
      severity: 'error',
      comment: 'Profiles and credentials build on the client and the shared helpers only.',
      from: {path: '^src/config/'},
      to: {path: '^src/', pathNot: '^src/(config|client|shared)/'},
    },
    {
      name: 'client-only-to-contract-and-shared',
      severity: 'error',
      comment: 'The SDK stands alone: it imports nothing of src but the contract and src/shared.',
      from: {path: '^src/client/'},
      to: {path: '^src/', pathNot: '^src/(client|contract|shared)/'},
    },
    {
      name: 'contract-only-to-shared',
      severity: 'error',
      comment: 'The contract is what the client and the emulator share: it imports no side of it, only src/shared.',
      from: {path: '^src/contract/'},
      to: {path: '^src/', pathNot: '^src/(contract|shared)/'},
    },
    {
      name: 'results-only-to-contract-and-shared',
      severity: 'error',
      comment: "What commands return (src/results) is payctl's own output, built on the contract's documents.",
      from: {path: '^src/results/'},
      to: {path: '^src/', pathNot: '^src/(results|contract|shared)/'},
    },
    {
      name: 'results-only-from-commands-cli-services',
      severity: 'error',
      comment: 'The client, the contract, the config and the emulator know nothing of the CLI\'s outputs.',
      from: {path: '^src/(config|client|contract|shared|emulator)/'},
      to: {path: '^src/results/'},
    },
    {
      name: 'shared-only-to-shared',
      severity: 'error',
      comment: 'Leaf helpers: every layer imports them, they import no layer.',
      from: {path: '^src/shared/'},
      to: {path: '^src/', pathNot: '^src/shared/'},
    },
    {
      name: 'emulator-only-to-emulator-and-shared',
      severity: 'error',
      comment: 'The emulator is its own service: it never imports the client, the CLI or the services.',
      from: {path: '^src/emulator/'},
      to: {path: '^src/', pathNot: '^src/(emulator|contract|shared)/'},
    },
    {
      name: 'emulator-only-from-emulator-commands',
      severity: 'error',
      comment: 'Only `payctl emulator ...` commands start the emulator in process.',
      from: {path: '^src/', pathNot: '^src/(emulator|commands/emulator)/'},
      to: {path: '^src/emulator/'},
    },
    {
      name: 'no-ui-packages-below-cli',
      severity: 'error',
      comment: 'oclif, ora, cli-table3 and @inquirer belong to src/commands and src/cli.',
      from: {path: '^src/(mcp|operations|services|config|client|contract|shared|emulator)/'},
      to: {path: UI_PACKAGES},
    },
    ...emulatorLayerRules,
    {
      name: 'emulator-wiring-only-from-entry',
      severity: 'error',
      comment: 'The wiring (emulator-app.ts, emulator-server.ts) is reached only through the entry, index.ts.',
      from: {path: '^src/', pathNot: '^src/emulator/index\\.ts$'},
      to: {path: '^src/emulator/(emulator-app|emulator-server)\\.ts$'},
    },
    {
      name: 'emulator-route-table-only-from-wiring',
      severity: 'error',
      comment: 'Every route group is listed once, in route-table.ts, which only the wiring reads.',
      from: {path: '^src/', pathNot: '^src/emulator/emulator-app\\.ts$'},
      to: {path: '^src/emulator/route-table\\.ts$'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    // Type-only imports count: a cycle through types is still a cycle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.js', '.d.ts'],
    },
    reporterOptions: {text: {highlightFocused: true}},
  },
}
