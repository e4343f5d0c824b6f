import { createRequire } from 'node:module';

type ElementImpl = { nodeType: number };
type LabelImpl = ElementImpl & {
  hasAttributeNS(namespace: null, name: string): boolean;
  getAttributeNS(namespace: null, name: string): string | null;
  getRootNode(options: object): { nodeType: number; getElementById?: (id: string) => unknown };
};

/** Marks the getter, so that the set-up file, run again before each test file, replaces jsdom's once. */
const INDEXED = Symbol.for('medcalc.test.labelControlById');
const DOCUMENT_NODE = 9;

/**
 * Makes jsdom's `label.control` find a `for` label's element through the document's id index instead of walking
 * the whole document. Testing Library's `getByLabelText` reads `control` of every label on the page for each query,
 * and jsdom 29 answers each read with a walk over every node (≈ 5 % of a form test's CPU on antd's deep DOM).
 *
 * The answer is jsdom's own: the document's `getElementById` is the first element in tree order with that id, which
 * is what the walk finds, and the same labelable check follows. A label outside a document (its root a fragment or
 * a detached element), or one without `for`, keeps jsdom's getter. When jsdom's classes are not where jsdom 29 keeps
 * them, nothing is changed (the tests only run slower).
 */
export function indexLabelControlLookup(): void {
  const require = createRequire(import.meta.url);
  let label: { implementation?: { prototype: object } };
  let formControls: { isLabelable?: (node: unknown) => boolean };
  try {
    label = require('jsdom/lib/jsdom/living/nodes/HTMLLabelElement-impl.js') as typeof label;
    formControls =
      require('jsdom/lib/jsdom/living/helpers/form-controls.js') as typeof formControls;
  } catch {
    return;
  }
  const prototype = label.implementation?.prototype;
  const { isLabelable } = formControls;
  if (prototype === undefined || typeof isLabelable !== 'function') return;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'control');
  const walk = descriptor?.get;
  if (walk === undefined || INDEXED in walk) return;

  const indexed = function (this: LabelImpl) {
    if (!this.hasAttributeNS(null, 'for')) return walk.call(this) as unknown;
    const forValue = this.getAttributeNS(null, 'for');
    const root = this.getRootNode({});
    if (
      forValue === null ||
      forValue === '' ||
      root.nodeType !== DOCUMENT_NODE ||
      !root.getElementById
    ) {
      return walk.call(this) as unknown;
    }
    const element = root.getElementById(forValue) ?? null;
    return element !== null && isLabelable(element) ? element : null;
  };
  Object.defineProperty(prototype, 'control', {
    ...descriptor,
    get: Object.assign(indexed, { [INDEXED]: true }),
  });
}
