import {Shown} from '../shown.js'
import {isItemStream} from './item-stream.js'
import type {Output} from './output.js'

/**
 * The one place a command's result is shown, once `run()` returned it (src/cli/shown.ts): --json and the script
 * flags print it through its `json` view (default: printJson, which also does -o csv/tsv/jsonl, --fields, --jq,
 * --template, --quiet); else its `view` shows it to a person (default: the JSON too). An item stream is read and
 * written here (src/cli/output/render-stream.ts). Then the result's `after` runs: its error ends the run with the
 * result shown. What it answers is the run's value (a test's `returned`).
 */
export async function rendered(value: unknown, out: Output): Promise<unknown> {
  if (isItemStream(value)) {
    const {renderItemStream} = await import('./render-stream.js')
    return renderItemStream(out, value)
  }
  const {value: result, views}: Shown<unknown> = value instanceof Shown ? value : new Shown(value, {})
  const show = out.json ? views.json : views.view
  if (show) await show(result, out)
  else out.printJson(result)
  return (await views.after?.(result)) ?? result
}
