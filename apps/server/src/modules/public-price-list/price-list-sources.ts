import { approverOf, servicePriceOf, serviceCodeOf, type PublicInstitution } from '@medcalc/domain';
import type { ApprovalsService } from '../approvals/approvals.service';
import type { CompaniesService } from '../companies/companies.service';
import type { ApprovedSource } from '../documents/approved-sources';

/** One service's tariff in one approved revision, with the founder's decision that approved it. */
export interface ApprovedTariff {
  /** The service's code (its number in the company): the same service across revisions. */
  code: string;
  name: string;
  category: string;
  priceWithoutVat: string;
  vat: string;
  price: string;
  effectiveFrom: string;
  decisionNumber: string;
  decisionDate: string;
  decisionBody: string;
  /** The revision it belongs to: of two approved on the same date, the later revision wins. */
  revision: number;
}

/**
 * The port the public price list reads the rest of the app through (issue 36): the institution's public contacts
 * and every service tariff of a revision whose founder's decision is recorded. It never reads other modules' tables.
 */
export interface PriceListSources {
  institutionOf(companyId: number): Promise<PublicInstitution>;
  approvedTariffsOf(companyId: number): Promise<ApprovedTariff[]>;
}

const NO_CATEGORY = 'Без категорії';

/**
 * The port over the modules that own the data (wired in app.ts): the institution data of the companies module,
 * the orders of the orders module, the recorded decisions and the body's name of the approvals module, and each
 * approved revision's frozen paper through the documents module (the tariffs exactly as its documents print them).
 */
export function priceListSourcesFrom(deps: {
  companiesService: Pick<CompaniesService, 'getCompanyInfo'>;
  approvalsService: Pick<ApprovalsService, 'getSettings'>;
  /** The revisions with a recorded decision and their frozen papers (`documents/approved-sources.ts`). */
  approvedSources: (companyId: number) => Promise<ApprovedSource[]>;
}): PriceListSources {
  const { companiesService, approvalsService, approvedSources } = deps;
  return {
    async institutionOf(companyId) {
      const info = await companiesService.getCompanyInfo(companyId);
      const phones = [info.ceo_phone, info.counter_phone].filter(
        (phone, index, all): phone is string => !!phone && all.indexOf(phone) === index,
      );
      return { name: info.name, address: info.address, phones, edrpou: info.code };
    },

    async approvedTariffsOf(companyId) {
      const settings = await approvalsService.getSettings(companyId);
      const tariffs: ApprovedTariff[] = [];
      for (const { approval, source } of await approvedSources(companyId)) {
        const decisionBody = settings.bodyName || approverOf(approval.approver).label;
        for (const service of source.services) {
          const price = servicePriceOf(service.cost);
          tariffs.push({
            code: serviceCodeOf(service),
            name: service.name,
            category: service.categoryName?.trim() || NO_CATEGORY,
            priceWithoutVat: service.cost.summaryWithProfit,
            vat: price.vat,
            price: price.tariff,
            effectiveFrom: approval.effectiveDate,
            decisionNumber: approval.decisionNumber,
            decisionDate: approval.decisionDate,
            decisionBody,
            revision: approval.revision,
          });
        }
      }
      return tariffs;
    },
  };
}
