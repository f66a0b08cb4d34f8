const READ = 'Safe to re-run, e.g. from cron: it only reads.'
const KEYED =
  'Safe to re-run with the same --idempotency-key: the service replays the first answer for 24 hours instead of applying twice. Without one, a re-run after an unclear failure (exit 7) may apply again: check first with "payouts get" or "payouts list".'
const LOCAL = 'Safe to re-run: it changes only local files (profiles, credentials).'
const KEPT =
  'Safe to re-run, with or without --idempotency-key. Without one, payctl writes the key to its data folder before the request leaves and forgets it only when an answer comes; so after an answer that did not come (exit 7, Ctrl-C, SIGTERM, even kill -9) the same command within 24 hours sends the same key, and the service replays the first answer instead of creating twice. A create answered at once keeps nothing: the same command later creates another.'

/** What each command's help says about re-running it from cron or a retrying script. */
export const RERUN: Record<string, string> = {
  api: 'GET is safe to re-run. A v2 POST is safe to re-run with the same --idempotency-key; a v1 payout POST with the same customId updates instead of duplicating; other writes may apply twice.',
  autocomplete: 'Safe to re-run: it prints set-up instructions.',
  'autocomplete create': 'Safe to re-run: it rewrites the local completion cache.',
  'autocomplete script': 'Safe to re-run: it prints a shell script.',
  help: READ,
  'auth login':
    "Safe to re-run: a new login replaces the profile's credentials. Without a TTY it waits for the browser up to --timeout; use --with-api-key in cron.",
  'auth logout': 'Safe to re-run: logging out of a profile with no credentials changes nothing.',
  'auth status': READ,
  'auth token': READ,
  'counterparties countries': READ,
  'counterparties create': KEPT,
  'counterparties import':
    'Safe to re-run: the same journal, row identities and lock as payouts import; every create has an idempotency key and every row a customId (its own or one derived from its values), so a re-run, an interrupted run or an edited file never creates a counterparty twice. Changed rows update their counterparty; an edited file without customIds is refused until you add them or pass --batch.',
  'counterparties delete':
    'Safe to re-run: a second delete of the same counterparty fails with exit 4 (not found) and changes nothing.',
  'counterparties get': READ,
  'counterparties list': READ,
  'counterparties payment-method-types': READ,
  'counterparties update': 'Safe to re-run: applying the same values again leaves the counterparty as it is.',
  doctor: READ,
  version: READ,
  'emulator claim':
    'A completed payout is not claimed again (exit 5, nothing changes; with many payouts it is named and the others are claimed, exit 8); a failed one is claimed again, as a recipient correcting their details would (local emulator only).',
  'emulator clock advance': 'Not idempotent: a re-run moves the clock again (local emulator only).',
  'emulator deliveries': READ,
  'emulator requests': READ,
  'emulator faults add':
    'Not idempotent: a re-run adds another fault (local emulator only); "emulator faults clear" removes them all.',
  'emulator faults clear': 'Safe to re-run: clearing no faults changes nothing.',
  'emulator faults list': READ,
  'emulator reset': "Safe to re-run: every run leaves the local emulator's fresh seed.",
  'emulator trigger': 'Not idempotent: a re-run plays the event again with a new payout (local emulator only).',
  'emulator start': 'Safe to re-run: with --data it keeps the database; --reset starts from the seed again.',
  'payouts approve': `${KEYED} Approving an approved payout fails with exit 5 and changes nothing; with --skip-conflicts a re-run leaves out what is approved already and approves the rest (exit 0).`,
  'payouts create': `${KEPT} Through v1 the key is a generated customId (v1 creation is an upsert on it); --custom-id gives your own.`,
  mcp: 'Safe to re-run: the server keeps no state but its audit log (and the approval URLs it handed out); a tool call retried with the same arguments in the same session gets the same idempotency key, so a write never applies twice. A new server is a new session: an agent that retries across sessions gives its own idempotency-key.',
  'payouts delete':
    'Safe to re-run: a deleted v2 payout answers exit 4 (not found) and nothing else changes; a v1 delete of a deleted payout succeeds unchanged.',
  'payouts get': READ,
  'payouts import':
    'Safe to re-run: a row-level journal per file name and profile resumes where the last run stopped, rows carry identities that survive re-saving, and every batch an idempotency key, so no payout is created twice. After an edit, unchanged rows are skipped, changed ones updated while created, and conflicts reported once (exit 5); an edited file without customIds is refused until you add them or pass --batch.',
  'payouts import-status': `${READ} With --retry-failed it touches only the payouts that are failed now (paid again, or a fresh claim link for an e-mail or phone payee, who then waits as awaiting-claim), with idempotency keys derived from each failure, so a re-run does nothing twice.`,
  'payouts wait': READ,
  'payouts changes': `${READ} It lists the status changes since the last complete run recorded in --since-state FILE; a failed or killed run leaves FILE as it was, so the next run lists them again.`,
  'payouts list': `${READ} Resume an export with --cursor (v2) or --offset (v1). With --since-state FILE a re-run lists only what is new or changed since the last complete run; a failed or killed run leaves FILE as it was, so the next run repeats its window.`,
  'payouts pay': `${KEYED} A payout already requested or completed fails with exit 5 and is not paid again; with --skip-conflicts a re-run leaves those out and pays the rest (exit 0).`,
  'payouts send-claim-link': `${KEYED} Without the key, a re-run sends the e-mail again (and restarts the reminders).`,
  'payouts update': 'Safe to re-run: applying the same values again leaves the payout as it is (while it is created).',
  'profiles add':
    'Not idempotent: a second add of the same name fails (exit 2); use "profiles set" to change a profile.',
  'profiles list': READ,
  'profiles remove': 'Safe to re-run: a second remove of the same profile fails (exit 2) and changes nothing.',
  'profiles set': LOCAL,
  'profiles show': READ,
  'profiles use': LOCAL,
  'sessions allowance': 'Safe to re-run: every call mints a fresh URL; nothing is stored.',
  'sessions approval': 'Safe to re-run: every call mints a fresh URL; nothing is stored.',
  'sessions kyb': 'Safe to re-run: every call mints a fresh URL; nothing is stored.',
  'sessions payout': 'Safe to re-run: every call mints a fresh URL; nothing is stored.',
  'team deposit': `${KEYED} (sandbox only)`,
  'team accounts': READ,
  'team get': READ,
  'team update': 'Safe to re-run: setting the same value again changes nothing.',
  'transactions list': `${READ} Resume an export with --cursor; bound it with --since/--until. With --since-state FILE a re-run lists only what is new or changed since the last complete run; a failed or killed run leaves FILE as it was, so the next run repeats its window.`,
  'webhooks create':
    'Safe to re-run: a URL that has a subscription already is refused (exit 5) unless --another or --replace, and after a lost answer the subscription that attempt created is found and replaced, so the stored secret is the one that stays.',
  'webhooks delete': 'Safe to re-run: a second delete of the same subscription fails with exit 4 and changes nothing.',
  'webhooks list': READ,
  'webhooks listen':
    'Safe to re-run; with --register it subscribes for the time it runs and deletes the subscription on exit.',
  'webhooks send': 'Sends again on every run: your receiver should treat a repeated delivery id as a duplicate.',
  'webhooks verify': READ,
}
