import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noCrossFeatureImports } from './eslint-rules/no-cross-feature-imports.js';

const FRONT_ENDS = [
  'web-kit/src/**/*.{ts,tsx}',
  'portal/src/**/*.{ts,tsx}',
  'admin/src/**/*.{ts,tsx}',
];

/** Kysely's sql tag: SQL is written in repositories only. */
const QUERIES_IN_REPOSITORIES = {
  selector:
    'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)$/]',
  message:
    'Queries are built in repositories (server/src/modules/*/*.repository.ts) or server/src/db.',
};

const SQL_IN_REPOSITORIES = {
  name: 'kysely',
  importNames: ['sql'],
  message: 'SQL belongs in repositories (server/src/modules/*/*.repository.ts) or server/src/db.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The portal's server build (npm run build, beside its dist): written while the lint runs.
      '**/dist-ssr/**',
      '**/*.generated.*',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/icons-material',
              message:
                'Import each icon from its own path (@mui/icons-material/Name) to keep bundles small.',
            },
          ],
        },
      ],
    },
  },
  {
    files: FRONT_ENDS,
    plugins: {
      'react-hooks': reactHooks,
      'jsx-a11y': jsxA11y,
      local: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      'local/no-cross-feature-imports': 'error',
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Call the server through the API client of @portal/web-kit (web-kit/src/api-client.ts).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='window'][property.name='fetch']",
          message:
            'Call the server through the API client of @portal/web-kit (web-kit/src/api-client.ts).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/icons-material',
              message:
                'Import each icon from its own path (@mui/icons-material/Name) to keep bundles small.',
            },
            { name: '@portal/server', message: 'Front ends talk to the server over HTTP only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web-kit/src/api-client.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-syntax': 'off' },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      'server/src/**/*.test.ts',
      'server/src/testing/**',
    ],
    rules: {
      'no-restricted-syntax': ['error', QUERIES_IN_REPOSITORIES],
      'no-restricted-imports': ['error', { paths: [SQL_IN_REPOSITORIES] }],
    },
  },
  {
    // The signed-in borrower is read from the request in plugins/ only (signedInCaller,
    // signedInUserIdOf, sessionOf): a module never reads request.user or request.session.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        QUERIES_IN_REPOSITORIES,
        {
          selector: "MemberExpression[object.name='request'][property.name=/^(user|session)$/]",
          message:
            'Get the caller from signedInCaller, or the optional signed-in user from signedInUserIdOf (plugins/signed-in-caller.ts).',
        },
      ],
    },
  },
  {
    // A route gets the signed-in borrower from signedInCaller only (the one place that builds it
    // from the session); a route that needs the session row itself says why beside its import.
    files: ['server/src/modules/*/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SQL_IN_REPOSITORIES],
          patterns: [
            {
              group: ['**/plugins/auth'],
              importNames: ['sessionOf'],
              message:
                'Routes get the signed-in caller from signedInCaller (plugins/signed-in-caller.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['settings-schema/src/**/*.ts', 'domain/src/**/*.ts'],
    ignores: ['settings-schema/src/cli.ts', 'settings-schema/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path'], message: 'settings-schema and domain do no I/O.' },
            {
              group: ['react', 'react-dom', '@mui/*'],
              message: 'settings-schema and domain are UI-free.',
            },
          ],
        },
      ],
    },
  },
);
