import {
  calculationContentSchema,
  equipmentLineSchema,
  pillLineSchema,
  stuffLineSchema,
} from './calculation.schema';
import { wizardCalculationItemSchema } from './calculation-calls.schema';

/*
 * The field paths of the wizard's payload (save, calculate and calculate-online, spec §7), which the 422's `errors`
 * are keyed by: `companyInfo.<field>`, `calculations.<category>.<index>.name`,
 * `calculations.<category>.<index>.calculation.stuff.<line>.timeSpend`. zod's issue paths of that payload are the
 * same strings (jsonTextField keeps them). The server builds them and the wizard reads them back (which step, which
 * field, which words), both with this module, so the two spellings cannot drift apart.
 */

/**
 * The kinds of lines of a service: staff time (`stuff`, the spec's wire name), materials (`pills`) and equipment
 * (`equipment`, issue 38).
 */
export type LineSection = 'stuff' | 'pills' | 'equipment';

const LINE_FIELDS: Record<LineSection, readonly string[]> = {
  stuff: stuffLineSchema.keyof().options,
  pills: pillLineSchema.keyof().options,
  equipment: equipmentLineSchema.keyof().options,
};

const isLineSection = (key: string): key is LineSection => Object.hasOwn(LINE_FIELDS, key);

/** Keys of a wizard service beside its calculation: `name`, `id`, … */
const BESIDE_CALCULATION: readonly string[] = wizardCalculationItemSchema
  .keyof()
  .options.filter((key) => key !== 'calculation');
/** Keys inside a service's calculation: `bonus`, `profit`, `vat`, `stuff`, `pills`, … */
const IN_CALCULATION: readonly string[] = calculationContentSchema.keyof().options;

/** A key of a service: beside its calculation (`name`), inside it (`bonus`, `stuff`), or the calculation itself. */
export type ServiceKey =
  | Exclude<keyof typeof wizardCalculationItemSchema.shape, 'calculation'>
  | keyof typeof calculationContentSchema.shape
  | 'calculation';

/** Top-level fields of the payload, other than the institution data (`companyInfo`). */
const ORDER_FIELDS = ['identifier', 'name', 'calculations', 'priceRounding', 'revision'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** Where a field of the wizard's payload is: what a path says, as data. */
export type FieldPlace =
  /** A top-level field of the payload (`name`, `priceRounding`, `calculations` …). */
  | { kind: 'order'; field: OrderField }
  /** The institution data (`companyInfo`) or one of its fields. */
  | { kind: 'institution'; field?: string }
  /** A whole category of services (`calculations.<category>`). */
  | { kind: 'category'; category: string }
  /** A service (its `index` within its category), or one of its keys. */
  | { kind: 'service'; category: string; index: number; key?: ServiceKey }
  /**
   * A staff or material line of a service (`line` from 0), or one of its fields; `part` is what lies below the
   * field (`id` of `quality.id`).
   */
  | {
      kind: 'line';
      category: string;
      index: number;
      section: LineSection;
      line: number;
      field?: string;
      part?: string;
    };

/** The path of a service: `calculations.<category>.<index>`. */
export const servicePath = (category: string, index: number) => `calculations.${category}.${index}`;

/** The path a place is written under (the inverse of {@link parseFieldPath}). */
export function fieldPath(place: FieldPlace): string {
  switch (place.kind) {
    case 'order':
      return place.field;
    case 'institution':
      return place.field === undefined ? 'companyInfo' : `companyInfo.${place.field}`;
    case 'category':
      return `calculations.${place.category}`;
    case 'service': {
      const base = servicePath(place.category, place.index);
      if (place.key === undefined) return base;
      if (place.key === 'calculation') return `${base}.calculation`;
      return BESIDE_CALCULATION.includes(place.key)
        ? `${base}.${place.key}`
        : `${base}.calculation.${place.key}`;
    }
    case 'line':
      return [
        servicePath(place.category, place.index),
        'calculation',
        place.section,
        place.line,
        ...(place.field === undefined ? [] : [place.field]),
        ...(place.part === undefined ? [] : [place.part]),
      ].join('.');
  }
}

const isPosition = (segment: string | undefined) =>
  segment !== undefined && /^(?:0|[1-9]\d*)$/.test(segment);

/** A service's part of a path (the segments after its index), or null when no such key exists. */
function parseInService(
  segments: readonly string[],
):
  | Pick<Extract<FieldPlace, { kind: 'line' }>, 'section' | 'line' | 'field' | 'part'>
  | { key?: ServiceKey }
  | null {
  const [first, second, position, field, ...part] = segments;
  if (first === undefined) return {};
  if (first !== 'calculation') {
    return segments.length === 1 && BESIDE_CALCULATION.includes(first)
      ? { key: first as ServiceKey }
      : null;
  }
  if (second === undefined) return { key: 'calculation' };
  if (!IN_CALCULATION.includes(second)) return null;
  if (position === undefined) return { key: second as ServiceKey };
  if (!isLineSection(second) || !isPosition(position)) return null;
  if (field !== undefined && !LINE_FIELDS[second].includes(field)) return null;
  return {
    section: second,
    line: Number(position),
    ...(field === undefined ? {} : { field }),
    ...(part.length === 0 ? {} : { part: part.join('.') }),
  };
}

/**
 * What `path` points at, or null for a path the payload cannot have (`calculations.УЗД.0.bogus`, a line number
 * that is not one). A category name may hold dots: the first split that leaves a valid rest wins, so
 * `calculations.Лаб.2.0.name` is the service 0 of «Лаб.2».
 */
export function parseFieldPath(path: string): FieldPlace | null {
  if ((ORDER_FIELDS as readonly string[]).includes(path)) {
    return { kind: 'order', field: path as OrderField };
  }
  if (path === 'companyInfo') return { kind: 'institution' };
  if (path.startsWith('companyInfo.')) {
    const field = path.slice('companyInfo.'.length);
    return field === '' ? null : { kind: 'institution', field };
  }
  if (!path.startsWith('calculations.')) return null;
  const segments = path.split('.').slice(1);
  for (let at = 1; at < segments.length; at++) {
    if (!isPosition(segments[at])) continue;
    const rest = parseInService(segments.slice(at + 1));
    if (rest === null) continue;
    const category = segments.slice(0, at).join('.');
    const index = Number(segments[at]);
    return 'section' in rest
      ? { kind: 'line', category, index, ...rest }
      : { kind: 'service', category, index, ...rest };
  }
  if (segments.some(isPosition)) return null;
  const category = segments.join('.');
  return category === '' ? null : { kind: 'category', category };
}

/**
 * The place of a path inside one service's calculation content (`stuff.0.quality`, as `validateForCalculation`
 * names its issues), or null when the content has no such path.
 */
export function placeInService(
  service: { category: string; index: number },
  contentPath: string,
): FieldPlace | null {
  const rest = parseInService(['calculation', ...contentPath.split('.')]);
  if (rest === null) return null;
  return 'section' in rest
    ? { kind: 'line', ...service, ...rest }
    : { kind: 'service', ...service, ...rest };
}
