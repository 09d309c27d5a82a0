// Cold-start floor without @actions/github: @actions/core and @actions/http-client only, the
// context read from the runner's environment. It is the floor for an action that, like
// qa-greenlight, does not load Octokit unless it comments on a pull request.
import * as core from '@actions/core'
import { HttpClient } from '@actions/http-client'

const sha = process.env.GITHUB_SHA
const body = {
  branch: process.env.GITHUB_REF_NAME,
  sha,
  hosting_service: 'GitHub',
  commit_url: `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}/commit/${sha}`
}
const client = new HttpClient('qa-greenlight-floor')
const response = await client.postJson(
  `${core.getInput('base-url')}/api/webhooks/deploy_success`,
  body,
  { authorization: `Bearer ${core.getInput('api-key')}` }
)
core.setOutput('run-id', response.result?.results?.[0]?.created_suite_id ?? '')
