import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/*
 * Layering (README, "Architecture"): web never imports functions or infra; shared imports none of
 * functions, web or infra; functions never import infra (infra imports functions' tables); domain
 * code never imports the AWS SDK nor reads the environment (adapters and store/ do; configuration
 * is read once in functions/src/adapters/function-config.ts); adapters never import domain code.
 * test/lint/layering.test.ts lints a violation of each rule and expects the error.
 *
 * Inside the domain, each area (functions/src/domain/<area>/, its README.md says what it owns)
 * reaches another area only through the modules that area exports, and only the areas it names
 * in `imports` below. A module becomes part of an area's surface by being listed in `exports`.
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

/** The domain's areas: what each exports to the others, and which other areas it may use. */
export const domainAreas = {
  accounts: { exports: ['users', 'sign-in-lockout'], imports: ['billing'] },
  settings: { exports: ['mail-route', 'org-settings', 'secrets'], imports: ['accounts', 'batches'] },
  keys: {
    exports: ['badge-images', 'badge-keys', 'chains', 'issuing-keys', 'issuing-key-generation'],
    imports: ['settings'],
  },
  batches: {
    exports: [
      'ahead-of-anchor',
      'batches',
      'creation',
      'public-docs',
      'revocations',
      'status-list',
      'status-list-editions',
    ],
    imports: ['accounts', 'keys', 'recipients', 'settings', 'workspace'],
  },
  uploads: { exports: ['image-content'], imports: ['recipients'] },
  recipients: {
    exports: ['invitations', 'invite-job', 'recipient-store', 'recipients'],
    imports: ['accounts', 'dashboard', 'mail', 'public', 'settings', 'workspace'],
  },
  public: { exports: ['wallet-introduction'], imports: ['accounts', 'dashboard', 'recipients'] },
  workspace: {
    exports: ['issue/published', 'job-chunks'],
    imports: ['accounts', 'batches', 'billing', 'dashboard', 'designs', 'keys', 'mail', 'recipients', 'settings'],
  },
  designs: {
    exports: ['context', 'designs', 'gallery', 'recipient-fields'],
    imports: ['accounts', 'recipients', 'settings', 'uploads'],
  },
  mail: {
    exports: ['compose', 'compose-many', 'delivery', 'fill', 'links', 'run-routes', 'samples', 'sender', 'templates', 'test-mail', 'test-mail-job', 'versions'],
    imports: ['accounts', 'recipients', 'settings'],
  },
  billing: { exports: ['balance', 'plans'], imports: ['accounts', 'settings'] },
  dashboard: { exports: ['counters', 'tracking'], imports: ['keys', 'recipients', 'settings'] },
  demo: {
    exports: ['requests', 'wizard', 'issuing'],
    imports: ['accounts', 'batches', 'billing', 'keys', 'mail', 'public', 'recipients', 'settings'],
  },
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Import patterns a file of `area` (null: the domain's top level) may not use. */
const areaBoundaries = (area) =>
  Object.entries(domainAreas)
    .filter(([other]) => other !== area)
    .map(([other, { exports }]) => {
      // From the top level an area is ./<area>, from inside another area ../<area> (or deeper).
      const reach = area ? `^(\\.\\./)+${other}` : `^\\./${other}`;
      if (area && !domainAreas[area].imports.includes(other)) {
        return {
          regex: `${reach}(/|$)`,
          message: `The ${area} area does not use the ${other} area (domainAreas in eslint.config.js names what each area may import).`,
        };
      }
      const surface = exports.map(escapeRegex).join('|') || '$^';
      return {
        regex: `${reach}/(?!(${surface})$).+`,
        message: `That is internal to the ${other} area: import what it exports (${exports.join(', ') || 'nothing'}; domainAreas in eslint.config.js).`,
      };
    });

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
    files: ['functions/src/domain/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra, awsSdk, ...areaBoundaries(null)] }] },
  },
  ...Object.keys(domainAreas).map((area) => ({
    files: [`functions/src/domain/${area}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra, awsSdk, ...areaBoundaries(area)] }] },
  })),
  {
    files: ['functions/src/adapters/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webOrInfra, domainCode] }] },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'web/dist-verifier/**', 'cdk.out/**', '.data/**'] },
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
