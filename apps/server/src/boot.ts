import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_DEMO_EMAIL,
  DEFAULT_DEMO_PASSWORD,
  type AppConfig,
} from './config/env';
import type { DatabaseHandle } from './db/client';
import { ensureDemoAccount } from './demo-account';
import { seedReferenceData } from './db/seed';
import type { AuthService } from './modules/auth/auth.service';
import type { CompaniesService } from './modules/companies/companies.service';
import type { EquipmentService } from './modules/equipment/equipment.service';
import type { OrdersService } from './modules/orders/orders.service';
import type { StaffService } from './modules/staff/staff.service';
import type { TariffComparisonService } from './modules/tariff-comparison/tariff-comparison.service';

/**
 * The work done once at every start, before the app answers (so `/api/health` answering means it is ready), in
 * this order: the reference data (insert-only seeding), the provider's administrator, the purge of expired
 * sessions, the tariff comparison's missing stored statistics, and the demo account when `DEMO_*` is configured. `buildApp` calls it after wiring the services;
 * nothing else in the wiring writes to the database.
 *
 * Instances started together on one PostgreSQL seed and create the accounts one at a time
 * (`database.exclusive`, an advisory lock); on PGlite there is one process per data folder anyway.
 */
export async function runBootWork(input: {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  services: {
    authService: AuthService;
    companiesService: CompaniesService;
    staffService: StaffService;
    ordersService: OrdersService;
    equipmentService: EquipmentService;
    tariffComparisonService: Pick<TariffComparisonService, 'regroupMissing'>;
  };
}): Promise<void> {
  const { config, database, log, services } = input;
  const { db } = database;
  await database.exclusive(() => seedReferenceData(db));

  const adminCreated = await database.exclusive(() =>
    services.authService.ensureAdmin({ email: config.adminEmail, password: config.adminPassword }),
  );
  if (adminCreated) log.info(`administrator ${config.adminEmail} created`);
  // Issue 34: an account on a password the README publishes must change it at its next sign-in: the
  // administrator always, the demo account outside a demo (DEMO_ACCOUNT=false), where its password is nobody's.
  const publicPasswords: Array<[string, string]> = [[config.adminEmail, DEFAULT_ADMIN_PASSWORD]];
  if (!config.demo) publicPasswords.push([DEFAULT_DEMO_EMAIL, DEFAULT_DEMO_PASSWORD]);
  for (const [email, password] of publicPasswords) {
    if (await services.authService.requireChangeOfPublicPassword(email, password))
      log.warn(
        `${email} signs in with a published password: it must be changed at the next sign-in`,
      );
  }

  await services.authService.purgeExpiredSessions();
  await database.exclusive(() => services.tariffComparisonService.regroupMissing());

  if (config.demo) {
    const demoAccount = config.demo;
    const demo = await database.exclusive(() =>
      ensureDemoAccount({ db, ...services }, demoAccount),
    );
    if (demo === 'created') log.info(`demo account ${demoAccount.email} created`);
    if (demo === 'template-missing') log.warn('demo account not created: its template is gone');
  }
}
