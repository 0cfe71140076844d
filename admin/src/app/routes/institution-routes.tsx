import { useNavigate } from 'react-router';
import { CreateInstitutionPage } from '../../features/institutions/components/create-institution-page';
import { InstitutionPickerPage } from '../../features/institutions/components/institution-picker-page';

export function InstitutionPickerRoute() {
  return <InstitutionPickerPage />;
}

export function CreateInstitutionRoute() {
  const navigate = useNavigate();
  return <CreateInstitutionPage onCreated={(slug) => navigate(`/i/${slug}/settings`)} />;
}
