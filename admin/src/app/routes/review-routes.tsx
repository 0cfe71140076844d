import { AuditPage } from '../../features/audit/components/audit-page';
import { HistoryPage } from '../../features/history/components/history-page';
import { PublishPage } from '../../features/publish/components/publish-page';
import { TransferPage } from '../../features/transfer/components/transfer-page';
import { useDraftSession } from '../../lib/draft/use-draft';
import { useInstitution } from '../../lib/institutions/institution-context';

export function PublishRoute() {
  const institution = useInstitution();
  return (
    <PublishPage slug={institution.slug} role={institution.role} session={useDraftSession()} />
  );
}

export function HistoryRoute() {
  const institution = useInstitution();
  return (
    <HistoryPage slug={institution.slug} role={institution.role} session={useDraftSession()} />
  );
}

export function AuditRoute() {
  return <AuditPage slug={useInstitution().slug} />;
}

export function TransferRoute() {
  const institution = useInstitution();
  return (
    <TransferPage slug={institution.slug} role={institution.role} session={useDraftSession()} />
  );
}
