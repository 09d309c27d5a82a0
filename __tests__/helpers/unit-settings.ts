// Settings objects for the unit tests of what runs after the inputs are read.
import type { NotifySettings } from '../../src/kernel/settings.js'

/** Notify settings with the defaults action.yml gives, the deploy_success route and `extra`. */
export const notifySettings = (extra: Partial<NotifySettings> = {}): NotifySettings => ({
  mode: 'notify',
  apiKey: 'qak_test',
  baseUrl: 'https://qa.example.com',
  label: '',
  summary: true,
  hostingService: 'GitHub',
  failOnNoRun: true,
  via: 'deploy-success',
  githubToken: '',
  ...extra
})
