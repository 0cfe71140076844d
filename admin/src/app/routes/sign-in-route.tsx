import { useNavigate, useSearchParams } from 'react-router';
import { SignInPage } from '../../features/sign-in/components/sign-in-page';

/** After sign-in, back to where the staff member was going. */
export function SignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <SignInPage
      onSignedIn={() => navigate(next?.startsWith('/') ? next : '/', { replace: true })}
    />
  );
}
