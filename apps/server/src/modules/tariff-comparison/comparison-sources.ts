import type { ServiceCost } from '@medcalc/domain';
import type { TemplateOrigins } from '../calculations/template-origins';
import type { CompaniesService } from '../companies/companies.service';
import type { ApprovedSource } from '../documents/approved-sources';
import type { OrdersService } from '../orders/orders.service';
import type { TemplatesService } from '../templates/templates.service';

/** One service made from a template in a revision with a recorded decision: what a figure is made of. */
export interface ApprovedTemplateService {
  templateId: number;
  cost: ServiceCost;
  /** Staff minutes of the service (its staff lines summed). */
  minutes: number;
  /** The date the decision took effect, `YYYY-MM-DD`. */
  effectiveDate: string;
  /** The revision it belongs to: of two in effect on the same day, the later revision wins. */
  revision: number;
}

/**
 * The port the tariff comparison reads the rest of the app through (issue 41): the beds of the institution data,
 * the services of approved revisions made from a template, and the templates' names. It never reads other modules'
 * tables.
 */
export interface ComparisonSources {
  bedsOf(companyId: number): Promise<number | null>;
  approvedTemplateServicesOf(companyId: number): Promise<ApprovedTemplateService[]>;
  templateNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The company an order belongs to (any company's: the administrator's status change names only the order). */
  companyOfOrder(identifier: string): Promise<number>;
}

/**
 * The port over the modules that own the data (wired in app.ts): the institution data of the companies module,
 * the orders (and any order's company), the recorded decisions, each approved revision's frozen paper through the documents module (the
 * costs as its documents print them), the template each calculation came from and the templates' names.
 */
export function comparisonSourcesFrom(deps: {
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  /** The revisions with a recorded decision and their frozen papers (`documents/approved-sources.ts`). */
  approvedSources: (companyId: number) => Promise<ApprovedSource[]>;
  templateOrigins: TemplateOrigins;
  templatesService: Pick<TemplatesService, 'findTemplates'>;
  ordersService: Pick<OrdersService, 'readOrderForAdmin'>;
}): ComparisonSources {
  const { companiesService, approvedSources } = deps;
  return {
    async bedsOf(companyId) {
      const info = await companiesService.getCompanyInfo(companyId);
      return info.total_number_of_beds ?? null;
    },

    async approvedTemplateServicesOf(companyId) {
      const origins = await deps.templateOrigins.templatesOf(companyId);
      const found: ApprovedTemplateService[] = [];
      for (const { approval, source } of await approvedSources(companyId)) {
        for (const service of source.services) {
          const templateId = origins.get(service.id);
          if (templateId === undefined) continue;
          found.push({
            templateId,
            cost: service.cost,
            minutes: service.content.stuff.reduce(
              (sum, line) => sum + (Number(line.timeSpend) || 0),
              0,
            ),
            effectiveDate: approval.effectiveDate,
            revision: approval.revision,
          });
        }
      }
      return found;
    },

    async templateNames(ids) {
      const templates = await deps.templatesService.findTemplates(ids);
      return new Map([...templates].map(([id, template]) => [id, template.name]));
    },

    async companyOfOrder(identifier) {
      return (await deps.ordersService.readOrderForAdmin(identifier)).order.companyId;
    },
  };
}
