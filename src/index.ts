import { run } from './main.js'

/**
 * Once the verdict is out (outputs, summary, exit code), nothing is left to do: a socket that a
 * stuck proxy or server keeps open must not hold the step. Output files and stdout pipes are
 * written synchronously, so exiting loses nothing.
 */
const EXIT_AFTER_RUN_MS = 1000

void run().finally(() => setTimeout(() => process.exit(), EXIT_AFTER_RUN_MS).unref())
