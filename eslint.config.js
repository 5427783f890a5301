import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { climb, resolveImport } from './packages/server/layers.js';
import { outboundDoor } from './packages/server/outbound-door.js';

const webSrc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'packages/web/src');

/** The import's source in every form an import takes (import, export ... from, import(), import types). */
const importVisitors = (check) => {
  const withSource = (node) => node.source && check(node.source, node.source.value);
  return {
    ImportDeclaration: withSource,
    ExportNamedDeclaration: withSource,
    ExportAllDeclaration: withSource,
    ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    TSImportType: (node) => {
      const arg = node.argument?.literal ?? node.argument;
      if (arg?.type === 'Literal') check(node, arg.value);
    },
  };
};

/**
 * The web's import boundaries, judged on the path an import resolves to (the `@/` alias or a relative
 * path, however deep the importing file sits):
 * - a feature imports no other feature and nothing from app/ (app/ wires features together);
 * - components/, hooks/ and lib/ import no feature and nothing from app/;
 * - a feature with kinds (features/campaigns: pmta-campaigns/, smtp-campaigns/) keeps what the kinds share in
 *   its api/, components/, hooks/ and pages/: a kind imports no other kind, and the shared folders import no
 *   kind (only the feature's own routes.tsx joins them).
 * Route paths for features live in lib/routes.ts; shared pieces go to components/, hooks/ or lib/.
 */
const featureRoles = ['api', 'components', 'hooks', 'pages'];

const webBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      otherFeature:
        "Features do not import each other ('{{target}}' from feature '{{feature}}'): move shared code to components/, hooks/ or lib/.",
      app: "Only app/ wires features together ('{{target}}'); use lib/routes.ts for paths.",
      sharedToFeature:
        "components/, hooks/ and lib/ know no feature ('{{target}}'): a feature is imported by app/ only.",
      otherKind:
        "A feature's kinds do not import each other ('{{target}}'): move what both need to the feature's api/ or components/.",
      sharedToKind:
        "A feature's shared folders know none of its kinds ('{{target}}'): the feature's routes.tsx joins them.",
    },
    schema: [],
  },
  create(context) {
    const area = (file) => {
      const rel = path.relative(webSrc, file);
      if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
      const parts = rel.split(path.sep);
      const [top, name, sub] = parts;
      if (top !== 'features') return { top };
      // features/<name>/<sub>/...: a role folder (api, components, hooks, pages) or one kind of the feature.
      const folder = parts.length > 3 ? sub : undefined;
      const kind = folder && !featureRoles.includes(folder) ? folder : undefined;
      return { top, feature: name, kind, shared: featureRoles.includes(folder) };
    };
    const from = area(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const resolved = source.startsWith('@/')
        ? path.join(webSrc, source.slice(2))
        : source.startsWith('.')
          ? path.resolve(path.dirname(context.filename), source)
          : undefined;
      const to = resolved && area(resolved);
      if (!to) return;
      const data = { target: source, feature: from.feature };
      if (from.top === 'features') {
        if (to.top === 'app') context.report({ node, messageId: 'app', data });
        else if (to.feature && to.feature !== from.feature) context.report({ node, messageId: 'otherFeature', data });
        else if (to.kind && from.kind && to.kind !== from.kind) context.report({ node, messageId: 'otherKind', data });
        else if (to.kind && from.shared) context.report({ node, messageId: 'sharedToKind', data });
      } else if (['components', 'hooks', 'lib'].includes(from.top)) {
        if (to.top === 'app') context.report({ node, messageId: 'app', data });
        else if (to.top === 'features') context.report({ node, messageId: 'sharedToFeature', data });
      }
    };
    return importVisitors(check);
  },
};

/**
 * The server's layers (packages/server/layers.js, docs/conventions.md "Layers"): main -> app ->
 * routes/workers -> features -> pmta -> sending -> tracking -> suppression -> core -> db. A file imports
 * its own layer or a lower one; src/layers.test.ts checks the same table in `npm test`.
 */
const serverLayers = {
  meta: {
    type: 'problem',
    messages: {
      climbs:
        "'{{target}}' climbs from the {{from}} layer up to {{to}}: imports point down (main -> app -> routes/workers -> features -> pmta -> sending -> tracking -> suppression -> core -> db); move the shared rule down or invert the call.",
      crosses:
        "'{{target}}': {{from}} imports {{to}}; features stand alone and a feature's kinds share only its kit (issue 41): move what both need down a layer (or into the kit), or let the route table / workers wire them.",
    },
    schema: [],
  },
  create(context) {
    return importVisitors((node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveImport(context.filename, source);
      const c = target && climb(context.filename, target);
      if (c)
        context.report({
          node,
          messageId: c.from.startsWith('features/') ? 'crosses' : 'climbs',
          data: { target: source, ...c },
        });
    });
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.stryker-tmp/**',
      'reports/**',
      'packages/server/src/db/migrations/**',
    ],
  },
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
    // React's hook rules, the React Compiler's checks included (purity, refs, no setState in effects or
    // render, no globals written during render), as the plugin recommends them.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, web: { rules: { boundaries: webBoundaries } } },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'web/boundaries': 'error' },
  },
  {
    // scripts/preflight.cjs runs on whatever Node the machine has (decision 1300): plain CommonJS.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { server: { rules: { layers: serverLayers, 'outbound-door': outboundDoor } } },
    rules: { 'server/layers': 'error' },
  },
  {
    // One outbound door (decision 1320): only core/outbound.ts connects or resolves by itself; tests may.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/core/outbound.ts', 'packages/server/src/**/*.test.ts'],
    rules: { 'server/outbound-door': 'error' },
  },
);
