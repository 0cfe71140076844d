import { addDays, type Application, calendarDateIn, hostDateTime } from '@portal/domain';
import type { Clock } from '../../lib/clock';
import type { CoreApplication, CustomerRef, ServicingCore } from '../../core/servicing-core';

/** A single application can be opened by its link long after it left the list's 30 days. */
export const APPLICATION_LOOKUP_DAYS = 3_660;

export function toApplication(application: CoreApplication): Application {
  return {
    ApplicationNumber: application.number,
    Status: application.status,
    AmountRequested: application.amountRequestedCents,
    AmountApproved: application.amountApprovedCents,
    LastModified: hostDateTime(application.lastModified),
    Office: application.office,
    FundsExpected: hostDateTime(application.fundsExpected),
    Product: application.product,
    TermMonths: application.termMonths,
    RequiredDocuments: application.requiredDocuments,
  };
}

/** The customer's loan applications (spec 002 "Application list and details"), from the core. */
export interface ApplicationsService {
  /** The applications of the last `days` days, as of the institution's today. */
  list(customer: CustomerRef, timeZone: string, days: number): Promise<Application[]>;
  /** One application by number (APPLICATION_LOOKUP_DAYS back); undefined when not the customer's. */
  find(customer: CustomerRef, timeZone: string, number: string): Promise<Application | undefined>;
}

export function createApplicationsService(options: {
  core: ServicingCore;
  clock: Clock;
}): ApplicationsService {
  const since = (timeZone: string, days: number) =>
    addDays(calendarDateIn(timeZone, options.clock.now()), -days);
  return {
    async list(customer, timeZone, days) {
      const list = await options.core.applications(customer, since(timeZone, days));
      return list.map(toApplication);
    },
    async find(customer, timeZone, number) {
      const list = await options.core.applications(
        customer,
        since(timeZone, APPLICATION_LOOKUP_DAYS),
      );
      const found = list.find((application) => application.number === number);
      return found && toApplication(found);
    },
  };
}
