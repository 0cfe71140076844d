import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { useMe } from '../../lib/session/get-me';
import { StaffContext } from '../../lib/session/staff-context';
import { useSignOut } from '../../features/sign-in/api/sign-in';
import { PageError } from '../../components/page-error';

/** Everything behind sign-in: the header with the staff member and sign-out. */
export function StaffLayout() {
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const refetch = me.refetch;

  // Any 401 means the session ended: ask who is signed in again (the guard then redirects).
  useEffect(() => api.onUnauthorized(() => void refetch()), [refetch]);

  if (me.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (me.isError) return <PageError error={me.error} onRetry={() => void refetch()} />;
  if (!me.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?${new URLSearchParams({ next })}`} replace />;
  }

  return (
    <StaffContext value={me.data}>
      <AppBar position="static" color="primary" enableColorOnDark>
        <Toolbar sx={{ gap: 2 }}>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}
          >
            Portal admin
          </Typography>
          <Typography variant="body2">
            {me.data.name}
            {me.data.isImplementer ? ' (implementer)' : ''}
          </Typography>
          <Button
            color="inherit"
            onClick={() =>
              signOut.mutate(undefined, {
                onSettled: () => navigate('/sign-in', { replace: true }),
              })
            }
          >
            Sign out
          </Button>
        </Toolbar>
      </AppBar>
      <Box component="main" aria-label="Admin workspace">
        <Outlet />
      </Box>
    </StaffContext>
  );
}
