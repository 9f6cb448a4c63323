import path from 'node:path';

/**
 * scoreline/feature-boundaries: what a server folder may import.
 * - The core (src/server outside features/: db, auth, realtime, the read model, seasons…) never
 *   imports a feature; only the feature registry (features/index.ts) knows them all.
 * - A feature imports another feature only through that feature's public index
 *   (`features/<name>/index.ts`), and only a feature it declares in the rule's `features` option.
 * - The declared dependencies have no cycle, so neither do the imports: a feature that needs
 *   something of a feature that needs it back moves that thing down (into the core, the read
 *   model or src/game) instead.
 * Tests and test support are not checked: they may reach into any folder to set a world up.
 */

const SERVER = `${path.sep}src${path.sep}server${path.sep}`;

/** The folder of `file` under src/server: `{ kind: 'feature', name }`, `{ kind: 'registry' }` or `{ kind: 'core' }`; null outside src/server. */
function zoneOf(file) {
  const at = file.lastIndexOf(SERVER);
  if (at < 0) return null;
  const parts = file.slice(at + SERVER.length).split(path.sep);
  if (parts[0] !== 'features') return { kind: 'core', top: parts[0] };
  if (parts.length === 2) return { kind: 'registry' };
  return { kind: 'feature', name: parts[1], rest: parts.slice(2).join('/') };
}

/** A cycle among the declared dependencies, as names in order (first = last), or null. */
export function declaredCycle(features) {
  const state = new Map();
  const trail = [];
  const visit = (name) => {
    state.set(name, 'open');
    trail.push(name);
    for (const next of features[name] ?? []) {
      if (state.get(next) === 'open') return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(features)) {
    if (!state.has(name)) {
      const found = visit(name);
      if (found) return found;
    }
  }
  return null;
}

const INDEX = new Set(['index.js', 'index.ts', 'index']);

export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'The core never imports features; features import each other only through a declared public index, without cycles',
    },
    messages: {
      core: 'The core (src/server/{{top}}) does not import a feature ({{target}}): move what it needs into the core or src/game.',
      notIndex:
        "Import the feature {{target}} through its public index ('…/{{target}}/index.js'), not its file {{file}}.",
      undeclared:
        'The feature {{from}} may not import {{target}}: declare it in eslint.config.js (FEATURE_DEPENDENCIES) if it keeps the features free of cycles, or move what both need down into the core.',
      cycle: 'The declared feature dependencies have a cycle: {{cycle}}.',
      unknown:
        'The feature {{from}} is not declared in eslint.config.js (FEATURE_DEPENDENCIES): say which features it may import.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          features: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['features'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { features } = context.options[0];
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = zoneOf(path.resolve(path.dirname(context.filename), source));
      if (!target || target.kind !== 'feature') return;
      if (from.kind === 'registry') return;
      if (from.kind === 'core') {
        context.report({ node, messageId: 'core', data: { top: from.top, target: target.name } });
        return;
      }
      if (target.name === from.name) return;
      if (!INDEX.has(target.rest)) {
        context.report({ node, messageId: 'notIndex', data: { target: target.name, file: target.rest } });
        return;
      }
      if (!(features[from.name] ?? []).includes(target.name))
        context.report({ node, messageId: 'undeclared', data: { from: from.name, target: target.name } });
    };
    return {
      Program(node) {
        if (from.kind !== 'feature') return;
        const cycle = declaredCycle(features);
        if (cycle) context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } });
        else if (!(from.name in features)) context.report({ node, messageId: 'unknown', data: { from: from.name } });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
