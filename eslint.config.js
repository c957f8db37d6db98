import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/*
 * Layering (README, "Architecture"): web never imports functions or infra; shared imports none of
 * functions, web or infra; functions never import infra (infra imports functions' tables); domain
 * code never imports the AWS SDK nor reads the environment (adapters and store/ do; configuration
 * is read once in functions/src/adapters/function-config.ts); adapters never import domain code.
 * test/lint/layering.test.ts lints a violation of each rule and expects the error.
 */
const noImport = (group, message) => ({ group, message });
const webOrInfra = noImport(
  [
    '**/web/**',
    '@proofmark/web',
    '@proofmark/web/**',
    '**/infra/**',
    '@proofmark/infra',
    '@proofmark/infra/**',
  ],
  'Only infra/ may import infra/, and nothing imports web/.',
);
const functionsCode = noImport(
  ['**/functions/**', '@proofmark/functions', '@proofmark/functions/**'],
  'shared/ and web/ never import functions/.',
);
const awsSdk = noImport(
  ['@aws-sdk/*'],
  'Domain code reaches AWS through functions/src/store or an adapter, never the SDK.',
);
const domainCode = noImport(
  ['**/domain/**', '**/domain'],
  'Adapters never import domain code: the domain calls adapters, not the other way.',
);
const noEnvironment = {
  object: 'process',
  property: 'env',
  message: 'Read configuration in functions/src/adapters/function-config.ts and hand it in.',
};

const layers = [
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [functionsCode, webOrInfra] }] },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [functionsCode, webOrInfra] }] },
  },
  {
    files: ['functions/src/**/*.ts'],
    // Tests arrange the environment the code under test reads.
    ignores: ['functions/src/adapters/function-config.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': ['error', noEnvironment] },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/domain/**', 'functions/src/adapters/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra] }] },
  },
  {
    files: ['functions/src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra, awsSdk] }] },
  },
  {
    files: ['functions/src/adapters/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra, domainCode] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // CommonJS helpers that run inside cognito-local's own process.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  ...layers,
);
