/**
 * scoreline/route-contract: every API route (a URL under /api/ or /dev/) states its contract in
 * its options, as object literals the rule can read:
 * - `config: { auth: 'public' | 'user' | 'verified' | 'admin' }`: who may call it (the one guard
 *   in src/server/auth/guard.ts enforces it before validation);
 * - `schema: { response: { … } }`: the zod schemas of what it answers (src/contract/), so the
 *   serializer checks them, OpenAPI documents them and the web infers its types from them.
 */
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'route']);
const LEVELS = new Set(['public', 'user', 'verified', 'admin']);

const stringOf = (node) => {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
};
const isApiUrl = (url) => url !== null && (url.startsWith('/api/') || url.startsWith('/dev/'));
const keyOf = (prop) => (prop.type === 'Property' && !prop.computed ? (prop.key.name ?? prop.key.value) : null);
const propertyOf = (object, name) => object.properties.find((p) => keyOf(p) === name);

export default {
  meta: {
    type: 'problem',
    docs: { description: 'API routes declare who may call them (config.auth) and their response schemas (schema.response)' },
    messages: {
      notLiteral: 'Route {{url}}: write its options as an object literal, so its contract (config.auth, schema.response) can be checked.',
      noAuth: "Route {{url}}: declare who may call it with config: { auth: 'public' | 'user' | 'verified' | 'admin' }.",
      badAuth: "Route {{url}}: config.auth must be one of 'public', 'user', 'verified', 'admin'.",
      noResponse: 'Route {{url}}: declare its response schemas (schema: { response: { 200: … } }) from src/contract/.',
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || !METHODS.has(callee.property.name)) return;
        let url;
        let options;
        if (callee.property.name === 'route') {
          const [arg] = node.arguments;
          if (!arg || arg.type !== 'ObjectExpression') return;
          const urlProp = propertyOf(arg, 'url');
          url = urlProp ? stringOf(urlProp.value) : null;
          options = arg;
        } else {
          url = stringOf(node.arguments[0]);
          options = node.arguments.length >= 3 ? node.arguments[1] : null;
        }
        if (!isApiUrl(url)) return;
        const data = { url };
        if (!options || options.type !== 'ObjectExpression') return context.report({ node, messageId: 'notLiteral', data });
        const config = propertyOf(options, 'config');
        const auth = config && config.value.type === 'ObjectExpression' ? propertyOf(config.value, 'auth') : null;
        if (!auth) context.report({ node: options, messageId: 'noAuth', data });
        else if (!LEVELS.has(stringOf(auth.value))) context.report({ node: auth, messageId: 'badAuth', data });
        const schema = propertyOf(options, 'schema');
        const response = schema && schema.value.type === 'ObjectExpression' ? propertyOf(schema.value, 'response') : null;
        if (!response) context.report({ node: options, messageId: 'noResponse', data });
      },
    };
  },
};
