import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
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
    // A committed `.only` silently drops every other test; a committed `.skip` hides one for good.
    files: ['__tests__/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.name=/^(describe|it|test)$/][property.name=/^(only|skip)$/]',
          message:
            'Do not commit focused or skipped tests (.only/.skip): run a subset with `npm test -- <path> -t <name>` instead.'
        },
        {
          selector:
            'MemberExpression[object.object.name=/^(describe|it|test)$/][property.name=/^(only|skip)$/]',
          message:
            'Do not commit focused or skipped tests (.only/.skip): run a subset with `npm test -- <path> -t <name>` instead.'
        },
        {
          selector: 'CallExpression[callee.name=/^(fdescribe|fit|xdescribe|xit|xtest)$/]',
          message: 'Do not commit focused or skipped tests (fit/xit/fdescribe/xdescribe/xtest).'
        }
      ]
    }
  }
)
