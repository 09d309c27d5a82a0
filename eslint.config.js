import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import jest from 'eslint-plugin-jest'
import { EDGE_MODULES, IO_IMPORTS } from './scripts/pure-core.mjs'
import { layersPlugin } from './scripts/layers.mjs'

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // One-way layers between the folders of src/ (scripts/layers.mjs, docs/architecture.md).
    files: ['src/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/no-back-edge': 'error' }
  },
  {
    // The pure core: no toolkit, no network, no file system. Its I/O lives in the edge modules.
    files: ['src/**/*.ts'],
    ignores: EDGE_MODULES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: IO_IMPORTS,
              allowTypeImports: true,
              message:
                'Pure module: do the I/O in an edge module (scripts/pure-core.mjs, docs/architecture.md).'
            }
          ]
        }
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'Pure module: read the environment in an edge module.' },
        { name: 'fetch', message: 'Pure module: the service client does the HTTP.' },
        { name: 'setTimeout', message: 'Pure module: time comes from the injected clock.' }
      ]
    }
  },
  {
    // jest's recommended rules: no committed `.only`/`.skip`/`fit`/`xit` (one silently drops every
    // other test, the other hides one for good: run a subset with
    // `npm run test:one -- <path> -t <name>`), no assertion outside a test, no duplicate titles, no
    // unawaited promise assertions. Assertions inside a branch stay allowed: the property tests and
    // the table-driven tests branch on the generated or tabled case, and every branch asserts.
    files: ['__tests__/**'],
    ...jest.configs['flat/recommended'],
    rules: {
      ...jest.configs['flat/recommended'].rules,
      'jest/no-disabled-tests': 'error',
      'jest/no-conditional-expect': 'off'
    }
  }
)
