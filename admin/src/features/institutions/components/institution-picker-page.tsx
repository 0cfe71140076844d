import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { ROLE_LABELS } from '../../../lib/institutions/institution-context';
import { useInstitutionList } from '../../../lib/institutions/list-institutions';
import { useStaff } from '../../../lib/session/staff-context';

/** The institutions the staff member works on; implementers may add one. */
export function InstitutionPickerPage() {
  const staff = useStaff();
  const institutions = useInstitutionList();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = (institutions.data ?? []).filter(
    (institution) =>
      needle === '' ||
      institution.name.toLowerCase().includes(needle) ||
      institution.hosts.some((host) => host.includes(needle)),
  );

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Institutions
        </Typography>
        {staff.isImplementer && (
          <Button component={RouterLink} to="/institutions/new" variant="contained">
            New institution
          </Button>
        )}
      </Box>
      {institutions.isPending && <CircularProgress aria-label="Loading the institutions" />}
      {institutions.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(institutions.error)}
        </Alert>
      )}
      {institutions.data && institutions.data.length > 4 && (
        <TextField
          label="Find an institution"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          size="small"
          sx={{ mb: 2 }}
        />
      )}
      {institutions.data?.length === 0 && (
        <Typography>You are not a member of any institution yet. Ask an implementer.</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {shown.map((institution) => (
          <li key={institution.slug}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={`/i/${institution.slug}/settings`}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {institution.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {institution.hosts.join(', ')} · {ROLE_LABELS[institution.role]} · published
                    version {institution.publishedVersion}
                    {institution.hasDraft ? ' · draft in progress' : ''}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Container>
  );
}
