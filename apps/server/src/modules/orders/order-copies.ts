import {
  CALCULATED_STATUSES,
  calculationContentSchema,
  formatStaffRateLabel,
  type CalculationContent,
  type NewOrderCalculation,
  type StuffLine,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CompanyStaffRow, StaffService } from '../staff/staff.service';
import type { TemplatesService } from '../templates/templates.service';
import type { NewCalculationRow, OrderCalculationsStore } from './order-calculations-store';

/** 422 messages of an order's entries (spec §3 "New order draft"), under each entry's field path. */
export const COPY_MESSAGES = {
  categoryNotFound: 'Обраної категорії не існує.',
  templateRequired: 'Оберіть шаблон.',
  templateNotFound: 'Шаблон не знайдено.',
  templateBroken: 'Шаблон містить некоректні дані. Зверніться до адміністратора.',
  calculationRequired: 'Оберіть калькуляцію.',
  calculationNotFound: 'Калькуляцію не знайдено серед розрахованих калькуляцій вашого закладу.',
} as const;

/** What an order's calculation starts with: where it was copied from and its content. */
export type ResolvedCopy = Pick<NewCalculationRow, 'source' | 'sourceId' | 'content'>;

/** The parts of a company's staffing row a copied staff line takes: its id, label and salary. */
export type CompanyStaffPosition = Pick<
  CompanyStaffRow,
  'id' | 'qualification' | 'category' | 'scientificDegree' | 'salary'
>;

/** A calculation added without a template (spec §2 "add calculation without template"). */
export const blankCalculation = (): CalculationContent => ({
  bonus: 0,
  profit: 0,
  stuff: [],
  pills: [],
});

/**
 * Maps a template's staff lines onto the company's own staffing table. Template lines name template-level rows
 * (`staff_rates.company_id` null); each company got its own copy of every template row at registration
 * (`staff_rates.template_id`), with the salary it has since edited. The order must use the company's row (its id,
 * label and salary), because the wizard's qualification dropdown and the cost maths read the company's table.
 */
export function mapStaffOntoCompany(
  content: CalculationContent,
  companyRowByTemplateId: ReadonlyMap<number, CompanyStaffPosition>,
): CalculationContent {
  const stuff = content.stuff.map((line): StuffLine => {
    const templateRowId = line.quality?.id ?? null;
    if (line.quality === null || templateRowId === null) {
      return { ...line, quality: line.quality ? { ...line.quality } : null };
    }
    const own = companyRowByTemplateId.get(templateRowId);
    if (!own) {
      // Note: the company has no copy of this template row (it deleted it, or the row was added to the
      // templates after the company registered). We keep the template's qualification name with no id and no
      // salary rather than guess a row or use the provider's salary: the wizard then shows the spec's red
      // warning (spec §2 step 2, §8) and asks the user to choose a position from their own staffing table.
      return { ...line, quality: { id: null, name: line.quality.name }, salary: null };
    }
    return {
      ...line,
      quality: { id: own.id, name: formatStaffRateLabel(own) },
      salary: Number(own.salary),
    };
  });
  return {
    bonus: content.bonus,
    profit: content.profit,
    stuff,
    pills: content.pills.map((line) => ({ ...line })),
    // Template equipment is every company's to use, as template materials are: the lines keep their rows.
    ...(content.equipment === undefined
      ? {}
      : { equipment: content.equipment.map((line) => ({ ...line })) }),
  };
}

/**
 * Where copies come from: templates (templates service), staffing rows (staff service), the company's own
 * calculations (the calculations store).
 */
export interface CopySources {
  templatesService: Pick<TemplatesService, 'findTemplates' | 'existingCategoryIds'>;
  staffService: Pick<StaffService, 'companyRowsByTemplateIds'>;
  calculationsStore: Pick<OrderCalculationsStore, 'listUsable'>;
}

/**
 * Resolves every chosen entry of a new order to the content it starts with (spec §3 "New order draft"): a copy
 * of a template (staff mapped onto the company's table), a copy of one of the company's calculated calculations
 * (an order at `formed` or later), or a blank calculation. All problems are reported at once under each entry's
 * field path (422); every read runs in the caller's transaction.
 */
export async function resolveCopies(
  sources: CopySources,
  companyId: number,
  entries: readonly NewOrderCalculation[],
  tx: Executor,
): Promise<ResolvedCopy[]> {
  const { templatesService, staffService, calculationsStore } = sources;
  const errors: Record<string, string[]> = {};
  /** Records a field error; returns `undefined` so a failed entry yields no copy. */
  const fail = (index: number, field: string, message: string): undefined => {
    errors[`calculations.${index}.${field}`] = [message];
    return undefined;
  };
  const templateRef = (entry: NewOrderCalculation) =>
    entry.sourceId !== null
      ? { id: entry.sourceId, field: 'sourceId' }
      : { id: entry.templateId ?? null, field: 'templateId' };

  const categoryIds = await templatesService.existingCategoryIds(
    entries.map((entry) => entry.categoryId),
    tx,
  );
  const templateIds = entries.flatMap((entry) => {
    const id = entry.source === 'template' ? templateRef(entry).id : null;
    return id === null ? [] : [id];
  });
  const calculationIds = entries.flatMap((entry) =>
    entry.source === 'calculation' && entry.sourceId !== null ? [entry.sourceId] : [],
  );
  const templatesById = await templatesService.findTemplates(templateIds, tx);
  const ownCalculations = await calculationsStore.listUsable(
    { companyId, statuses: CALCULATED_STATUSES, ids: [...new Set(calculationIds)] },
    tx,
  );
  const ownById = new Map(ownCalculations.map((row) => [row.id, row]));

  const templateContents = new Map<number, CalculationContent>();
  for (const [id, template] of templatesById) {
    const parsed = calculationContentSchema.safeParse(template.content);
    if (parsed.success) templateContents.set(id, parsed.data);
  }
  const staffRowIds = [...templateContents.values()].flatMap((content) =>
    content.stuff.flatMap((line) => (line.quality?.id == null ? [] : [line.quality.id])),
  );
  const companyRowByTemplateId = await staffService.companyRowsByTemplateIds(
    companyId,
    staffRowIds,
    tx,
  );

  const copies = entries.map((entry, index): ResolvedCopy | undefined => {
    if (!categoryIds.has(entry.categoryId))
      fail(index, 'categoryId', COPY_MESSAGES.categoryNotFound);
    if (entry.source === 'template') {
      const ref = templateRef(entry);
      if (ref.id === null) return fail(index, 'sourceId', COPY_MESSAGES.templateRequired);
      if (!templatesById.has(ref.id)) return fail(index, ref.field, COPY_MESSAGES.templateNotFound);
      const content = templateContents.get(ref.id);
      if (!content) return fail(index, ref.field, COPY_MESSAGES.templateBroken);
      return {
        source: 'template',
        sourceId: ref.id,
        content: mapStaffOntoCompany(content, companyRowByTemplateId),
      };
    }
    if (entry.source === 'calculation') {
      if (entry.sourceId === null)
        return fail(index, 'sourceId', COPY_MESSAGES.calculationRequired);
      const own = ownById.get(entry.sourceId);
      if (!own) return fail(index, 'sourceId', COPY_MESSAGES.calculationNotFound);
      // The company's own calculation already names its own staffing rows; a deep copy keeps it independent.
      return { source: 'calculation', sourceId: own.id, content: structuredClone(own.content) };
    }
    return { source: null, sourceId: null, content: blankCalculation() };
  });

  const [firstMessage] = Object.values(errors)[0] ?? [];
  if (firstMessage !== undefined)
    throw new AppError('VALIDATION', firstMessage, { fieldErrors: errors });
  return copies.filter((copy): copy is ResolvedCopy => copy !== undefined);
}
