import type { Clock } from '../../lib/clock';
import type { DataProtector } from '../../lib/data-protection';
import type { PortalApp } from '../../plugins/portal-app';
import type { BorrowersService } from '../borrowers/borrowers.service';
import type { InstitutionsService } from '../institutions/institutions.service';
import type { ThrottleService } from '../throttle/throttle.service';
import type { WorkQueueService } from '../work-queue/work-queue.service';
import { messagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';

export interface MessagesModuleDeps {
  clock: Clock;
  institutions: InstitutionsService;
  throttle: ThrottleService;
  dataProtector: DataProtector;
  workQueue: WorkQueueService;
  borrowers: BorrowersService;
}

/** Feedback and questions to the institution, each an item of its staff work queue. */
export async function messagesModule(app: PortalApp, deps: MessagesModuleDeps): Promise<void> {
  const service = createMessagesService({
    clock: deps.clock,
    settings: (institutionId) => deps.institutions.settings(institutionId),
    throttle: deps.throttle,
    dataProtector: deps.dataProtector,
    workQueue: deps.workQueue,
    borrowers: deps.borrowers,
  });
  await app.register(messagesRoutes, { service });
}
