// The entry of the executable's `commands` script (scripts/build-exe.js): what it returns is every command's class
// by id, evaluated on first use (payctl-exe:commands, scripts/exe/command-modules.js).
import {COMMANDS} from 'payctl-exe:commands'

__seaMain = COMMANDS
