// What loading the toolkit alone costs: @actions/core (which loads @actions/http-client and, through
// it, undici) and one output, with no request. Not a floor for notify, which must send: it shows how
// much of every floor is the toolkit's own start-up.
import * as core from '@actions/core'

core.setOutput('run-id', '')
