import type { UnattendedScope } from './lib/company-scope';
import { eq } from 'drizzle-orm';
import {
  WORKED_EXAMPLE_COMPANY_INFO,
  WORKED_EXAMPLE_EQUIPMENT_LINES,
  equipmentInputSchema,
  type CompanyInfo,
} from '@medcalc/domain';
import type { EquipmentService } from './modules/equipment/equipment.service';
import type { AuthService } from './modules/auth/auth.service';
import type { CompaniesService } from './modules/companies/companies.service';
import type { OrdersService } from './modules/orders/orders.service';
import type { StaffService } from './modules/staff/staff.service';
import type { Database } from './db/client';
import { templates } from './db/schema';

/**
 * The demo account made on first start (README "Demo account"): a company whose institution data, staffing
 * salaries and materials are the worked example of docs/methodology.md, with a paid order of that service, so a
 * newcomer can open the wizard at once and see cost 243.34 and tariff 279.84, and whose equipment register holds the
 * example's scanner and printer (issue 38).
 */

/** The template of the worked example (src/db/reference/templates.json): УЗД органів черевної порожнини. */
export const DEMO_TEMPLATE_KEY = 'ultrasound-abdomen';
export const DEMO_COMPANY_NAME = 'КНП «Демонстраційна міська лікарня»';
export const DEMO_USER_NAME = 'Ірина Демченко';
export const DEMO_ORDER_NAME = 'Демонстраційне замовлення: УЗД органів черевної порожнини';

/**
 * The institution of the worked example in docs/methodology.md (its numbers: `WORKED_EXAMPLE_COMPANY_INFO`), with
 * the demo company's own requisites.
 */
export const DEMO_COMPANY_INFO: CompanyInfo = {
  ...WORKED_EXAMPLE_COMPANY_INFO,
  name: DEMO_COMPANY_NAME,
  code: '38291040',
  payment_code: 'UA213223130000026007233566001',
  form: 4,
  ceo_name: 'Петренко Олег Васильович',
  ceo_phone: '+380 44 200 10 01',
  counter_name: 'Демченко Ірина Миколаївна',
  counter_phone: '+380 44 200 10 02',
  address: 'вул. Лікарняна, 1, м. Київ, 01001',
};

/**
 * The salaries of the worked example, by staffing-table position. They are the template table's own values
 * (src/db/reference/staff.json), so the company's copy normally has them already; they are set explicitly so an
 * administrator's later edit of the template salaries does not change the demo's numbers.
 */
export const DEMO_SALARIES = [
  {
    qualification: 'Лікар з ультразвукової діагностики',
    category: 'без категорії',
    scientific_degree: 'немає',
    salary: 20_000,
  },
  {
    qualification: 'Сестра медична',
    category: 'без категорії',
    scientific_degree: 'немає',
    salary: 13_500,
  },
] as const;

export type DemoOutcome = 'created' | 'exists' | 'template-missing';

/**
 * Creates the demo account unless its e-mail already has one (insert-only, like the rest of seeding: a later
 * start, or a demo user who changed or deleted their data, is left alone). Goes through the services, so the
 * demo is made exactly as a user would make it: registration's company with its copy of the staffing table, the
 * institution data, the salaries, an order copied from the template (staff lines moved onto the company's own
 * rows), and the payment confirmation (status history created → payed).
 */
export async function ensureDemoAccount(
  deps: {
    db: Database;
    authService: Pick<AuthService, 'ensureUser'>;
    companiesService: Pick<CompaniesService, 'updateCompanyInfo'>;
    staffService: Pick<StaffService, 'list' | 'changeSalary'>;
    ordersService: Pick<OrdersService, 'createOrder' | 'changeStatus'>;
    equipmentService: Pick<EquipmentService, 'create'>;
  },
  credentials: { email: string; password: string },
): Promise<DemoOutcome> {
  const { db, authService, companiesService, staffService, ordersService, equipmentService } = deps;
  // The template is the provider's and may have been deleted by an administrator: then there is no demo to make.
  const [template] = await db
    .select({ id: templates.id, categoryId: templates.categoryId, name: templates.name })
    .from(templates)
    .where(eq(templates.seedKey, DEMO_TEMPLATE_KEY))
    .limit(1);
  if (!template) return 'template-missing';

  const user = await authService.ensureUser({
    email: credentials.email,
    password: credentials.password,
    name: DEMO_USER_NAME,
    phone: '380442001002',
    company: DEMO_COMPANY_NAME,
    role: 'user',
  });
  if (!user) return 'exists';

  // Work no person asked for: no actor, so the services write no activity row (the demo's log starts empty).
  const scope: UnattendedScope = { companyId: user.companyId, actor: null, userId: user.id };
  await companiesService.updateCompanyInfo(scope, DEMO_COMPANY_INFO);
  const staffing = await staffService.list(user.companyId);
  for (const wanted of DEMO_SALARIES) {
    const row = staffing.find(
      (candidate) =>
        candidate.qualification === wanted.qualification &&
        candidate.category === wanted.category &&
        candidate.scientific_degree === wanted.scientific_degree,
    );
    if (row && row.salary !== wanted.salary) {
      await staffService.changeSalary(scope, { id: row.id, salary: wanted.salary });
    }
  }

  // Issue 38: the worked example's scanner and printer in the register, for the newcomer to add to the service in
  // the wizard (285.46 / 328.28, docs/methodology.md "Equipment depreciation"); the order itself is left without.
  for (const { id: _row, minutes: _minutes, ...equipment } of WORKED_EXAMPLE_EQUIPMENT_LINES) {
    await equipmentService.create(
      { scope, companyIdentifier: user.companyIdentifier },
      equipmentInputSchema.parse(equipment),
    );
  }

  // The order takes its institution-data snapshot and its copy of the template (staff mapped onto the company's
  // rows, with the salaries just set) exactly as `POST …/orders/add` does.
  const { identifier } = await ordersService.createOrder(scope, {
    name: DEMO_ORDER_NAME,
    calculations: [
      {
        categoryId: template.categoryId,
        source: 'template',
        sourceId: template.id,
        templateName: template.name,
      },
    ],
  });
  // Payment is confirmed by the provider in real life; the demo user stands in for it in the history row.
  // No status e-mail: the demo account's set-up, not a payment anyone waits to hear about.
  await ordersService.changeStatus(scope, { identifier, status: 'payed' }, { notify: false });
  return 'created';
}
