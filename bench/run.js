// `npm run bench`: every benchmark, each printing ratios against its baseline.
import {runStartup} from './startup.js'

runStartup()
