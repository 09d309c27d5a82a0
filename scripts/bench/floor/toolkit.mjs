// Cold-start floor: the least an action built on the standard toolkit (@actions/core, @actions/github
// and @actions/http-client) does for a deployment notification: one POST, one output. The bench
// bundles it with ncc and runs it beside dist/index.js; it sends the same body as the action.
import { context } from '@actions/github'
import { notify } from './notify.mjs'

const { owner, repo } = context.repo
await notify({
  branch: process.env.GITHUB_REF_NAME,
  sha: context.sha,
  hosting_service: 'GitHub',
  commit_url: `${context.serverUrl}/${owner}/${repo}/commit/${context.sha}`,
  repository: { owner, name: repo }
})
