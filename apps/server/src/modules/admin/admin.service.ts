import {
  calculationContentSchema,
  formatStaffRateLabel,
  type AddToTemplateInput,
  type AdminCalculation,
  type CalculationContent,
  type PillLine,
  type StuffLine,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RunInTransaction } from '../../lib/transaction';
import type { CalculationsService } from '../calculations/calculations.service';
import type { CompaniesService } from '../companies/companies.service';
import type { MeasurementsService } from '../measurements/measurements.service';
import type { PillsService } from '../pills/pills.service';
import type { StaffPositionRow, StaffService } from '../staff/staff.service';
import type { TemplatesService } from '../templates/templates.service';

export const ADMIN_MESSAGES = {
  calculationNotFound: 'Калькуляцію не знайдено.',
  calculationBroken: 'Калькуляція містить некоректні дані, її не можна зробити шаблоном.',
} as const;

const foldLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLocaleLowerCase('uk');

/**
 * Maps a calculation's staff lines onto the provider's template staffing table (the reverse of the order copy,
 * `orders/order-copies.ts` `mapStaffOntoCompany`): templates name template-level rows (`staff_rates.company_id`
 * null), which every company's table copies (`template_id`). A line on a company row copied from a template row
 * takes that template row; a line on the company's own row (or on a row deleted since) takes the template row of
 * the same position by name (qualification case aside, category, degree). The line keeps its time, working day and
 * conditions; its salary becomes the template row's (a company's salaries stay its own). A position the templates
 * do not have keeps its name with no id and no salary: a company ordering the template is asked to choose one,
 * as for any template line its table lacks.
 */
export function mapStaffOntoTemplates(
  stuff: readonly StuffLine[],
  companyRowsById: ReadonlyMap<number, StaffPositionRow>,
  templateRows: readonly StaffPositionRow[],
): StuffLine[] {
  const templateById = new Map(templateRows.map((row) => [row.id, row]));
  const templateByLabel = new Map<string, StaffPositionRow>();
  for (const row of templateRows) {
    const key = foldLabel(formatStaffRateLabel(row));
    if (!templateByLabel.has(key)) templateByLabel.set(key, row);
  }
  return stuff.map((line): StuffLine => {
    if (line.quality === null) return { ...line, salary: null };
    const own = line.quality.id === null ? undefined : companyRowsById.get(line.quality.id);
    const copiedFrom = own?.templateId == null ? undefined : templateById.get(own.templateId);
    const label = own ? formatStaffRateLabel(own) : line.quality.name;
    const template = copiedFrom ?? templateByLabel.get(foldLabel(label));
    if (!template) return { ...line, quality: { id: null, name: label.trim() }, salary: null };
    return {
      ...line,
      quality: { id: template.id, name: formatStaffRateLabel(template) },
      salary: Number(template.salary),
    };
  });
}

/**
 * The administrator's calls that compose several modules (spec §2 Admin panel "Calculations", §7): one company's
 * calculations by the company's public identifier, and the promotion of a calculation into a template.
 */
export function createAdminService(deps: {
  companiesService: Pick<CompaniesService, 'idOfIdentifier'>;
  calculationsService: Pick<CalculationsService, 'listOfCompany' | 'findByIdentifier'>;
  staffService: Pick<StaffService, 'companyRowsByIds' | 'templateRows'>;
  pillsService: Pick<PillsService, 'templateIds' | 'ensureTemplateMaterial'>;
  measurementsService: Pick<MeasurementsService, 'ensureStandardUnit'>;
  templatesService: Pick<TemplatesService, 'insertTemplate'>;
  runInTransaction: RunInTransaction;
}) {
  const {
    companiesService,
    calculationsService,
    staffService,
    pillsService,
    measurementsService,
    templatesService,
    runInTransaction,
  } = deps;

  /**
   * Material lines for a template: a line on a template material keeps it; any other named line (a company's
   * own material, or one deleted since) names the template material of the same name, which is made from the
   * line's name, unit and price when the templates have none (its unit likewise: the standard unit of that
   * name, made when missing). The line keeps its own name, unit, price and spend, as every copy does.
   */
  async function templateMaterialLines(pills: readonly PillLine[], tx: Executor) {
    const templateIds = await pillsService.templateIds(
      pills.flatMap((line) => (line.id === null ? [] : [line.id])),
      tx,
    );
    const idByName = new Map<string, number>();
    const lines: PillLine[] = [];
    for (const line of pills) {
      if (line.id !== null && templateIds.has(line.id)) {
        lines.push({ ...line });
        continue;
      }
      const name = line.name.trim();
      const unitName = line.measurement_type.trim();
      if (name === '' || unitName === '') {
        // Nothing chosen yet: the line stays unchosen, as the wizard's new line is.
        lines.push({ ...line, id: null });
        continue;
      }
      const key = foldLabel(name);
      let id = idByName.get(key);
      if (id === undefined) {
        const { unit } = await measurementsService.ensureStandardUnit(unitName, tx);
        ({ id } = await pillsService.ensureTemplateMaterial(
          { name, measurementId: unit.id, price: line.price },
          tx,
        ));
        idByName.set(key, id);
      }
      lines.push({ ...line, id });
    }
    return lines;
  }

  return {
    /** `GET /api/company/{companyId}/calculations/calculations-list`: an unknown company is 404. */
    async calculationsOfCompany(companyIdentifier: string): Promise<AdminCalculation[]> {
      const companyId = await companiesService.idOfIdentifier(companyIdentifier);
      return calculationsService.listOfCompany(companyId);
    },

    /**
     * `POST /api/calculations/add-to-template` (spec §7): a new template named `templateName` in `categoryId`
     * whose content copies the calculation, staff lines mapped onto the template staffing table and material
     * lines onto template materials, the company materials and units it needs copied to the template level. All
     * in one transaction: a failure leaves no template, material or unit behind. Unknown calculation 404, unknown
     * category 422 under `categoryId`.
     */
    async addToTemplate(input: AddToTemplateInput): Promise<number> {
      return runInTransaction(async (tx) => {
        const calculation = await calculationsService.findByIdentifier(
          input.calculationIdentifier,
          tx,
        );
        if (!calculation) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.calculationNotFound);
        const parsed = calculationContentSchema.safeParse(calculation.content);
        if (!parsed.success) throw new AppError('INVALID_STATE', ADMIN_MESSAGES.calculationBroken);
        const source = parsed.data;
        const staffIds = source.stuff.flatMap((line) =>
          line.quality?.id == null ? [] : [line.quality.id],
        );
        // One after the other: the statements of a transaction share its one connection anyway.
        const companyRows = await staffService.companyRowsByIds(
          calculation.companyId,
          staffIds,
          tx,
        );
        const templateRows = await staffService.templateRows(tx);
        const content: CalculationContent = {
          bonus: source.bonus,
          profit: source.profit,
          stuff: mapStaffOntoTemplates(
            source.stuff,
            new Map(companyRows.map((row) => [row.id, row])),
            templateRows,
          ),
          pills: await templateMaterialLines(source.pills, tx),
        };
        return templatesService.insertTemplate(
          {
            categoryId: input.categoryId,
            name: input.templateName.trim(),
            content: calculationContentSchema.parse(content),
          },
          tx,
        );
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
