// Cold-start floor without @actions/github: @actions/core and @actions/http-client only, the
// context read from the runner's environment. It is the floor for an action that, like
// qa-greenlight, does not load Octokit unless it comments on a pull request.
import { notify } from './notify.mjs'

const sha = process.env.GITHUB_SHA
const [owner, name] = (process.env.GITHUB_REPOSITORY ?? '').split('/')
await notify({
  branch: process.env.GITHUB_REF_NAME,
  sha,
  hosting_service: 'GitHub',
  commit_url: `${process.env.GITHUB_SERVER_URL}/${process.env.GITHUB_REPOSITORY}/commit/${sha}`,
  repository: { owner, name }
})
