import { useNavigate } from 'react-router';
import { CreateInstitutionPage } from '../../features/institutions/components/create-institution-page';
import { InstitutionPickerPage } from '../../features/institutions/components/institution-picker-page';

export function InstitutionPickerRoute() {
  return <InstitutionPickerPage />;
}

export function CreateInstitutionRoute() {
  const navigate = useNavigate();
  return (
    <CreateInstitutionPage
      onCreated={(slug) => {
        void navigate(`/i/${slug}/settings`);
        window.location.hash = `#/i/${slug}/settings`;
        // The admin page's Content-Security-Policy names the portal hosts its preview may frame
        // as they were when the page loaded (server: static-files adminPagePolicy); the new
        // institution's host joins them when the page loads again.
        window.location.reload();
      }}
    />
  );
}
