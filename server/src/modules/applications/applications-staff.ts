import {
  ADMIN_ERROR_CODES,
  applicationStatusChangeProblem,
  applicationStatusChangeProblemText,
  applicationStatusMoves,
  calendarDateIn,
  formatUsd,
  formatUsDate,
  WORK_ITEM_KIND_LABELS,
  type ApplicationStatusChangeRequest,
  type WorkItemApplication,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import type { CoreApplication, ServicingCore } from '../../core/servicing-core';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AdminError, forbidden, notFound } from '../admin/admin-errors';
import type { AccessibleInstitution, AdminService } from '../admin/admin.service';
import type { AuditLog } from '../audit/audit.service';
import { readInstitutionWithin } from '../institutions/institutions.service';
import type { PrepareNotification } from '../notifications/notifications.service';
import type { StaffPrincipal } from '../staff/staff-principal';
import type { WorkQueueService } from '../work-queue/work-queue.service';

/**
 * The staff's side of a loan application (issue 22), on its work-queue item: the application as
 * the core has it now, and moving it through the statuses the borrower sees (domain
 * APPLICATION_STATUS_MOVES).
 *
 * - Who: as the work queue (work-queue-staff.ts). Every role of the institution reads; editors
 *   and publishers move (a viewer gets 403); staff of another institution get 404, as for an
 *   item that is not there or is not an application.
 * - A move names the status the staff member saw (`expectedStatus`): the core changes the status
 *   only while it still is that one, so two staff moving the same application at once cannot both
 *   succeed (409 for the second, with the status it has now). A move the lifecycle does not allow
 *   is 409 too; an amount or a date that breaks the rules is 400 in the rules' words.
 * - An item marked handled is closed: reopen it first (409), as for assigning it.
 * - The core is the system of record and changes first; then, in one transaction, the work
 *   item's `updated_at`, the audit entry (`workItem.applicationStatus`, naming the item, the move
 *   and the amount) and the borrower's alert (notifications `applicationStatusChanged`, queued
 *   with `prepareTell` and `queue(trx)`: the e-mail and text the borrower agreed to when
 *   applying, in the institution's words, `emailTexts.applicationStatus*`). The core keeps who
 *   changed it too, so a crash between the two loses only our log's line and the alert, never
 *   the fact.
 * - The borrower's application list reads the core: it shows the new status at once.
 */
export interface ApplicationsStaffDeps {
  db: Kysely<Database>;
  clock: Clock;
  core: Pick<ServicingCore, 'findApplication' | 'setApplicationStatus'>;
  admin: Pick<AdminService, 'access'>;
  workQueue: Pick<WorkQueueService, 'find' | 'touch'>;
  auditLog: AuditLog;
  /** The borrower's alert of the move, queued in the move's transaction. */
  prepareTell: PrepareNotification;
}

export type ApplicationsStaffService = ReturnType<typeof createApplicationsStaffService>;

const noApplication = () =>
  notFound('There is no loan application on this item of the institution’s work queue.');

export function toWorkItemApplication(application: CoreApplication): WorkItemApplication {
  return {
    number: application.number,
    status: application.status,
    product: application.product,
    termMonths: application.termMonths,
    amountRequestedCents: application.amountRequestedCents,
    amountApprovedCents: application.amountApprovedCents,
    lastModified: application.lastModified,
    fundsExpected: application.fundsExpected,
    requiredDocuments: application.requiredDocuments,
    moves: [...applicationStatusMoves(application.status)],
  };
}

function moveWords(
  from: string,
  application: CoreApplication,
  request: ApplicationStatusChangeRequest,
): string {
  const parts = [`${application.number} moved from ${from} to ${application.status}`];
  if (application.status === 'Approved') {
    parts.push(`${formatUsd(application.amountApprovedCents)} approved`);
  }
  if (request.fundsExpected) parts.push(`funds expected ${formatUsDate(request.fundsExpected)}`);
  const note = request.note?.trim();
  return `${parts.join(', ')}${note ? `: ${note}` : ''}`;
}

export function createApplicationsStaffService(deps: ApplicationsStaffDeps) {
  const { db, clock, core, admin, workQueue, auditLog } = deps;

  /** The item (an application's, of the institution) and the core's application. */
  async function itemAndApplication(institution: AccessibleInstitution, id: string) {
    const item = await workQueue.find(institution.id, id);
    if (!item || item.kind !== 'application' || !item.reference) throw noApplication();
    const application = await core.findApplication(institution.id, item.reference);
    if (!application) throw noApplication();
    return { item, application };
  }

  return {
    async application(
      staff: StaffPrincipal,
      slug: string,
      id: string,
    ): Promise<WorkItemApplication> {
      const institution = await admin.access(staff, slug, 'read');
      const { application } = await itemAndApplication(institution, id);
      return toWorkItemApplication(application);
    },

    async changeStatus(
      staff: StaffPrincipal,
      slug: string,
      id: string,
      request: ApplicationStatusChangeRequest,
    ): Promise<WorkItemApplication> {
      const institution = await admin.access(staff, slug, 'read');
      if (institution.role === 'viewer') {
        throw forbidden('Your role (viewer) can read the work queue but not act on it.');
      }
      const { item, application } = await itemAndApplication(institution, id);
      if (item.status === 'handled') {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          'This item is handled: reopen it before changing the application’s status.',
        );
      }
      if (application.status !== request.expectedStatus) {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          `The application is ${application.status} now (it was ${request.expectedStatus} when you looked): check it again before moving it.`,
        );
      }
      const { timeZone } = await readInstitutionWithin(db, institution.id);
      const today = calendarDateIn(timeZone, clock.now());
      const problem = applicationStatusChangeProblem(application, request, today);
      if (problem) {
        throw new AdminError(
          problem === 'notAllowed' ? 409 : 400,
          problem === 'notAllowed' ? ADMIN_ERROR_CODES.conflict : ADMIN_ERROR_CODES.invalidRequest,
          applicationStatusChangeProblemText(problem, application, request.status),
        );
      }
      const result = await core.setApplicationStatus(institution.id, application.number, {
        from: application.status,
        to: request.status,
        date: today,
        amountApprovedCents: request.amountApprovedCents ?? undefined,
        fundsExpected: request.fundsExpected ?? undefined,
        changedBy: staff.email,
      });
      if (result.status === 'notFound') throw noApplication();
      if (result.status === 'statusChanged') {
        throw new AdminError(
          409,
          ADMIN_ERROR_CODES.conflict,
          `The application is ${result.application.status} now: check it again before moving it.`,
        );
      }
      const moved = result.application;
      // Read and worded before the transaction (PGlite lends its one connection to it whole).
      const alert = item.user_id
        ? await deps.prepareTell({
            institutionId: institution.id,
            userId: item.user_id,
            kind: 'applicationStatusChanged',
            applicationNumber: moved.number,
            product: moved.product,
            status: moved.status,
            at: clock.now(),
            chosen: { email: true, text: true },
          })
        : undefined;
      await db.transaction().execute(async (trx) => {
        await workQueue.touch(trx, { institutionId: institution.id, id: item.id });
        await auditLog.record(trx, {
          staff,
          institutionId: institution.id,
          action: 'workItem.applicationStatus',
          comment: `${WORK_ITEM_KIND_LABELS.application} ${item.id} (“${item.summary}” from ${item.sender_name}): ${moveWords(application.status, moved, request)}`,
        });
        await alert?.queue(trx);
      });
      alert?.deliverSoon();
      return toWorkItemApplication(moved);
    },
  };
}
