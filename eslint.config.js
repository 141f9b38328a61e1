import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-output/',
      'site/vendor/',
      'compose/**/bin/',
      'cpu-bound/**/bin/',
      'jit/**/bin/',
      'jvm/**/bin/',
      'python/**/bin/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['site/**/*.js'],
    languageOptions: { globals: { ...globals.browser, uPlot: 'readonly' } },
  },
  {
    files: ['compose/**/*.js', 'cpu-bound/**/*.js', 'jit/k6/*.js', 'jvm/k6/*.js', 'python/k6/*.js'],
    languageOptions: {
      globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', console: 'readonly' },
    },
  },
  {
    // The JIT service is a plain CommonJS script: V8 names its functions by this file's path.
    files: ['jit/api/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
