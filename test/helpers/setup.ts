import {settings} from '@oclif/core'

// oclif must only ever load compiled commands from dist (STYLE.md, "Testing oclif v4 with vitest").
settings.enableAutoTranspile = false
