// The web's conventions as lint rules (docs/conventions.md), each shown failing in
// apps/server/test/lint-boundaries.test.ts. Plain ESLint rules over the syntax tree: no type information.

/** A rule of this plugin: its kind, one-line description and messages (it takes no options), and `create`. */
function houseRule({ type, description, messages, create }) {
  return { meta: { type, docs: { description }, messages, schema: [] }, create };
}

/** The QueryClient methods whose first argument is a query key. */
const KEY_FIRST_METHODS = new Set([
  'getQueryData',
  'setQueryData',
  'getQueryState',
  'ensureQueryData',
]);

/** Query keys come from the key factory (lib/query-keys.ts), never from an array written in place. */
const queryKeyFromFactory = houseRule({
  type: 'problem',
  description: 'Query keys only from the key factory (lib/query-keys.ts).',
  messages: {
    literal:
      'Take the query key from the key factory (`queryKeys` in lib/query-keys.ts), not an array written here: one key per call keeps every cache entry and its invalidation in one place.',
  },
  create(context) {
    return {
      "Property[key.name='queryKey'] > ArrayExpression.value"(node) {
        context.report({ node, messageId: 'literal' });
      },
      'CallExpression > ArrayExpression:first-child'(node) {
        const call = node.parent;
        const { callee } = call;
        if (call.arguments[0] !== node || callee.type !== 'MemberExpression') return;
        if (callee.property.type === 'Identifier' && KEY_FIRST_METHODS.has(callee.property.name))
          context.report({ node, messageId: 'literal' });
      },
    };
  },
});

const MEMO_HOOKS = new Set(['useMemo', 'useCallback']);

/** The statement a node belongs to: where a comment about it is written. */
function statementOf(node) {
  let current = node;
  while (current.parent && !/Statement$|Declaration$/.test(current.type)) current = current.parent;
  // An exported declaration's comment is written above `export`.
  if (
    current.parent?.type === 'ExportNamedDeclaration' ||
    current.parent?.type === 'ExportDefaultDeclaration'
  )
    return current.parent;
  return current;
}

/**
 * The web is compiled by the React Compiler, which memoises by itself: a hand-written `useMemo`/`useCallback` says,
 * in a comment above it (or inside it), why the compiler cannot (a value whose identity a library needs across
 * renders the compiler does not see, a file it does not compile…). The comment names the compiler.
 */
const memoNeedsReason = houseRule({
  type: 'suggestion',
  description: 'No useMemo/useCallback without a comment saying why the React Compiler cannot.',
  messages: {
    unexplained:
      '`{{name}}` by hand: the React Compiler memoises this code. Remove it, or say in a comment above it why the compiler cannot (the comment names the compiler).',
  },
  create(context) {
    const { sourceCode } = context;
    return {
      CallExpression(node) {
        const { callee } = node;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : undefined;
        if (name === undefined || !MEMO_HOOKS.has(name)) return;
        const statement = statementOf(node);
        const comments = [
          ...sourceCode.getCommentsBefore(statement),
          ...sourceCode
            .getAllComments()
            .filter(
              (comment) =>
                comment.range[0] >= statement.range[0] && comment.range[1] <= node.range[1],
            ),
        ];
        if (comments.some((comment) => /compiler/i.test(comment.value))) return;
        context.report({ node, messageId: 'unexplained', data: { name } });
      },
    };
  },
});

const isHookName = (name) => /^use[A-Z0-9]/.test(name);

/** A `use…` export lives in a `hooks/` folder (an api file's query and mutation hooks live with their endpoint). */
const hooksInHooksFolder = houseRule({
  type: 'suggestion',
  description: 'Hooks (`use…` exports) in hooks/ folders.',
  messages: {
    outside:
      "Move the hook `{{name}}` into a hooks/ folder (the feature's, or src/hooks when shared).",
  },
  create(context) {
    const report = (node, name) => {
      if (isHookName(name)) context.report({ node, messageId: 'outside', data: { name } });
    };
    return {
      'ExportNamedDeclaration > FunctionDeclaration'(node) {
        if (node.id) report(node.id, node.id.name);
      },
      'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator'(node) {
        if (node.id.type === 'Identifier') report(node.id, node.id.name);
      },
      'ExportNamedDeclaration > ExportSpecifier'(node) {
        if (node.exported.type === 'Identifier') report(node.exported, node.exported.name);
      },
    };
  },
});

/**
 * The endpoint a reference to the domain's route table names: `apiRoutes.group.name` → `group.name`, one call made
 * at the company's or the templates' address (`companyApply`/`templateApply`) counted once.
 */
function endpointOf(node) {
  const group = node.parent;
  if (group?.type !== 'MemberExpression' || group.object !== node || group.computed)
    return undefined;
  const route = group.parent;
  if (route?.type !== 'MemberExpression' || route.object !== group || route.computed)
    return undefined;
  const name = route.property.name.replace(/^(company|template)(?=[A-Z])/, '');
  return { node: route, endpoint: `${group.property.name}.${name}` };
}

/**
 * One endpoint per api file (bulletproof-react's api folders): a file calls one route of the domain's table
 * (`apiRoutes`), with its fetcher, query options and hook; another route goes into its own file.
 */
const oneEndpointPerFile = houseRule({
  type: 'suggestion',
  description: 'One endpoint (one route of `apiRoutes`) per api file.',
  messages: {
    another:
      'One endpoint per api file: this file calls `{{first}}`; put `{{endpoint}}` in its own file in this api/ folder.',
  },
  create(context) {
    let first;
    return {
      "Identifier[name='apiRoutes']"(identifier) {
        const found = endpointOf(identifier);
        if (found === undefined) return;
        first ??= found.endpoint;
        if (found.endpoint !== first)
          context.report({
            node: found.node,
            messageId: 'another',
            data: { first, endpoint: found.endpoint },
          });
      },
    };
  },
});

export const houseRules = {
  meta: { name: 'house' },
  rules: {
    'query-key-from-factory': queryKeyFromFactory,
    'memo-needs-reason': memoNeedsReason,
    'hooks-in-hooks-folder': hooksInHooksFolder,
    'one-endpoint-per-file': oneEndpointPerFile,
  },
};
