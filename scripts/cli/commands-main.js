// The entry of the CLI's `commands` script (scripts/cli/build-scripts.js): what it returns is every command's class
// by id, evaluated on first use (payctl:commands, scripts/cli/cli-modules.js).
import {COMMANDS} from 'payctl:commands'

__payctlMain = COMMANDS
