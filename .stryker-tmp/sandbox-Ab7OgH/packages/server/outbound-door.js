// @ts-nocheck
// The one outbound door (issue 37, decision 1320): in packages/server/src, only core/outbound.ts (and tests)
// may open a connection or resolve a name by itself. Everything else goes through its functions
// (connectChecked, connectorFor, checkedFetch, safeFetch), which judge the address first. Read by
// eslint.config.js (rule `server/outbound-door`) and tested in src/core/outbound-door.test.ts.

/** Per module (without `node:`), the exports that connect or resolve; `*`: every value export. */
const FORBIDDEN = {
  http: ['request', 'get'],
  https: ['request', 'get'],
  http2: ['connect'],
  net: ['connect', 'createConnection'],
  tls: ['connect'],
  dns: ['lookup'],
  'dns/promises': ['lookup'],
  undici: ['*'],
};

const moduleOf = (source) => (typeof source === 'string' ? source.replace(/^node:/, '') : undefined);
const forbids = (mod, name) => FORBIDDEN[mod]?.includes('*') || FORBIDDEN[mod]?.includes(name);
const nameOf = (node) =>
  node?.type === 'Identifier' ? node.name : node?.type === 'Literal' ? String(node.value) : undefined;

export const outboundDoor = {
  meta: {
    type: 'problem',
    messages: {
      global:
        "The global '{{name}}' connects without the outbound policy: use checkedFetch/safeFetch (core/outbound.ts).",
      member:
        "'{{module}}.{{name}}' connects or resolves without the outbound policy: use connectChecked, connectorFor or checkedFetch (core/outbound.ts).",
      dynamic: "A dynamic import of '{{module}}' escapes the outbound-door rule: import it statically.",
    },
    schema: [],
  },
  create(context) {
    /** Local names bound to a whole module (default or namespace import). */
    const modules = new Map();
    const report = (node, name, mod) => context.report({ node, messageId: 'member', data: { module: mod, name } });
    return {
      ImportDeclaration(node) {
        const mod = moduleOf(node.source.value);
        if (!FORBIDDEN[mod] || node.importKind === 'type') return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportSpecifier') {
            if (s.importKind !== 'type' && forbids(mod, nameOf(s.imported))) report(s, nameOf(s.imported), mod);
          } else modules.set(s.local.name, mod);
        }
      },
      ImportExpression(node) {
        const mod = moduleOf(node.source.value);
        if (FORBIDDEN[mod]) context.report({ node, messageId: 'dynamic', data: { module: mod } });
      },
      MemberExpression(node) {
        const name = nameOf(node.property);
        if (node.object.type === 'Identifier') {
          if (['globalThis', 'global', 'window'].includes(node.object.name) && name === 'fetch')
            return context.report({ node, messageId: 'global', data: { name: `${node.object.name}.fetch` } });
          const mod = modules.get(node.object.name);
          if (mod && forbids(mod, name)) report(node, name, mod);
        } else if (
          // dns.promises.lookup
          node.object.type === 'MemberExpression' &&
          node.object.object.type === 'Identifier' &&
          modules.get(node.object.object.name) === 'dns' &&
          nameOf(node.object.property) === 'promises' &&
          name === 'lookup'
        )
          report(node, name, 'dns/promises');
      },
      VariableDeclarator(node) {
        // const { connect } = net;
        const mod = node.init?.type === 'Identifier' ? modules.get(node.init.name) : undefined;
        if (!mod || node.id.type !== 'ObjectPattern') return;
        for (const p of node.id.properties)
          if (p.type === 'Property' && forbids(mod, nameOf(p.key))) report(p, nameOf(p.key), mod);
      },
      'Program:exit'(program) {
        // `fetch` that no import or declaration binds: unresolved, or a global the parser knows from a lib.
        const global = context.sourceCode.getScope(program);
        const refs = [...global.through, ...(global.set.get('fetch')?.references ?? [])];
        for (const ref of refs)
          if (ref.identifier.name === 'fetch')
            context.report({ node: ref.identifier, messageId: 'global', data: { name: 'fetch' } });
      },
    };
  },
};
