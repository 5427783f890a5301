import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Imports a web folder may not make: features stand alone; shared pieces know no feature and no app. */
const boundaries = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noApp = {
  group: ['@/app/*', '../app/*', '../../app/*', '../../../app/*'],
  message: 'Only app/ wires features together; use @/lib/routes.ts for paths.',
};
const noFeatures = { group: ['@/features/*'], message: 'A feature is imported by app/ only.' };
const noOtherFeature = {
  group: ['../../*', '@/features/*'],
  message: 'Features do not import each other: move shared code to components/, hooks/ or lib/.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  { files: ['packages/web/src/features/**/*.{ts,tsx}'], rules: boundaries([noApp, noOtherFeature]) },
  { files: ['packages/web/src/{components,hooks,lib}/**/*.{ts,tsx}'], rules: boundaries([noApp, noFeatures]) },
);
