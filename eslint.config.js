import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import prettier from 'eslint-config-prettier'
import globals from 'globals'

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
