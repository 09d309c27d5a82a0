// jest's runtime, taking no V8 coverage: for the projects that measure none (jest.config.js).
import Runtime from 'jest-runtime'

export default class UncoveredRuntime extends Runtime {
  async collectV8Coverage() {}
  async stopCollectingV8Coverage() {}
  getAllV8CoverageInfoCopy() {
    return []
  }
}
