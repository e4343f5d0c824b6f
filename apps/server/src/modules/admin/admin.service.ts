import {
  calculationContentSchema,
  equipmentInputSchema,
  formatStaffRateLabel,
  type AddToTemplateInput,
  type AdminCalculation,
  type CalculationContent,
  type EquipmentLine,
  type Measurement,
  type Pill,
  type PillLine,
  type StuffLine,
  MAX_NAME_LENGTH,
} from '@medcalc/domain';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { RunInTransaction } from '../../lib/transaction';
import type { CalculationsService } from '../calculations/calculations.service';
import type { CompaniesService } from '../companies/companies.service';
import type { EquipmentService } from '../equipment/equipment.service';
import type { MeasurementsService } from '../measurements/measurements.service';
import type { PillsService } from '../pills/pills.service';
import type { StaffPositionRow, StaffService } from '../staff/staff.service';
import type { TemplatesService } from '../templates/templates.service';

export const ADMIN_MESSAGES = {
  calculationNotFound: 'Калькуляцію не знайдено.',
  calculationBroken: 'Калькуляція містить некоректні дані, її не можна зробити шаблоном.',
  materialCopied: 'Матеріал додано до шаблонів.',
  materialNotFound: 'Матеріал закладу не знайдено.',
  materialInTemplates: 'У шаблонах уже є матеріал з такою назвою.',
  unitCopied: 'Одиницю виміру додано до шаблонів.',
  unitNotFound: 'Одиницю виміру закладу не знайдено.',
  unitInTemplates: 'У шаблонах уже є одиниця виміру з такою назвою.',
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
  pillsService: Pick<
    PillsService,
    'templateIds' | 'ensureTemplateMaterial' | 'findOfCompanies' | 'findOwned'
  >;
  measurementsService: Pick<
    MeasurementsService,
    'ensureStandardUnit' | 'findOfCompanies' | 'findOwned'
  >;
  equipmentService: Pick<EquipmentService, 'templateRowsByIds' | 'ensureTemplateEquipment'>;
  templatesService: Pick<TemplatesService, 'insertTemplate'>;
  runInTransaction: RunInTransaction;
}) {
  const {
    companiesService,
    calculationsService,
    staffService,
    pillsService,
    measurementsService,
    equipmentService,
    templatesService,
    runInTransaction,
  } = deps;

  /**
   * Equipment lines for a template (issue 38), as material lines: a line on a template row keeps it; any other line
   * (on the company's register row, or one deleted since) names the template row of its name and its own V, S, N
   * and T, made when the templates have none. A line whose values no register row could hold (or one with no name)
   * is kept without a row, and the wizard asks for one. The line keeps its own values and minutes.
   */
  async function templateEquipmentLines(equipment: readonly EquipmentLine[], tx: Executor) {
    const templateRows = await equipmentService.templateRowsByIds(
      equipment.flatMap((line) => (line.id === null ? [] : [line.id])),
      tx,
    );
    const templateIds = new Set(templateRows.map((row) => row.id));
    const lines: EquipmentLine[] = [];
    for (const line of equipment) {
      if (line.id !== null && templateIds.has(line.id)) {
        lines.push({ ...line });
        continue;
      }
      const row = equipmentInputSchema.safeParse({ ...line, inventoryNumber: '' });
      if (!row.success) {
        lines.push({ ...line, id: null });
        continue;
      }
      // One after the other: a second line of the same machine finds the row the first one made.
      const template = await equipmentService.ensureTemplateEquipment(row.data, tx);
      lines.push({ ...line, id: template.id });
    }
    return lines;
  }

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
      if (
        name === '' ||
        unitName === '' ||
        name.length > MAX_NAME_LENGTH ||
        unitName.length > MAX_NAME_LENGTH
      ) {
        // Nothing chosen yet: the line stays unchosen, as the wizard's new line is. A name longer than a material
        // or unit may have (a line's text may be longer) is kept on the line but not made a template material,
        // which the material form could then never save again.
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
          ...(source.equipment === undefined
            ? {}
            : { equipment: await templateEquipmentLines(source.equipment, tx) }),
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

    /**
     * `POST /api/pills/companies/{id}/to-templates` (admin panel → Materials → other companies): copies a
     * company's material into the templates with its name, unit and price, through the same steps add-to-template
     * takes (its unit becomes the standard unit of that name, made when missing), in one transaction. Unknown or
     * template-level material 404; a template material of that name already there 422 under `name`, and then no
     * unit is left behind either. The company's own material stays as it is.
     */
    async copyPillToTemplates(id: number): Promise<Pill> {
      return runInTransaction(async (tx) => {
        const pill = await pillsService.findOfCompanies(id, tx);
        if (!pill) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.materialNotFound);
        const { unit } = await measurementsService.ensureStandardUnit(pill.measurementType, tx);
        const template = await pillsService.ensureTemplateMaterial(
          { name: pill.name, measurementId: unit.id, price: pill.price },
          tx,
        );
        if (!template.created) throw AppError.field('name', ADMIN_MESSAGES.materialInTemplates);
        const copied = await pillsService.findOwned(null, template.id, tx);
        if (!copied) throw new Error(`template material ${template.id} not found after insert`);
        return copied;
      });
    },

    /**
     * `POST /api/measurements/companies/{id}/to-templates` (admin panel → Units → other companies): copies a
     * company's unit into the standard ones by name (`ensureStandardUnit`). Unknown or standard unit 404; a
     * standard unit of that name already there 422 under `name`.
     */
    async copyMeasurementToTemplates(id: number): Promise<Measurement> {
      return runInTransaction(async (tx) => {
        const unit = await measurementsService.findOfCompanies(id, tx);
        if (!unit) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.unitNotFound);
        const standard = await measurementsService.ensureStandardUnit(unit.name, tx);
        if (!standard.created) throw AppError.field('name', ADMIN_MESSAGES.unitInTemplates);
        const copied = await measurementsService.findOwned(null, standard.unit.id, tx);
        if (!copied) throw new Error(`standard unit ${standard.unit.id} not found after insert`);
        return copied;
      });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
