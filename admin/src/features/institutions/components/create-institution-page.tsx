import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BUILT_IN_THEMES, type BrandColorToken, type BrandTokens } from '@portal/themes';
import { useState, type FormEvent } from 'react';
import { ColorField, contrastOf, isHexColor } from '../../../components/color-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useInstitutionList } from '../../../lib/institutions/list-institutions';
import { useStaff } from '../../../lib/session/staff-context';
import { useCreateInstitution } from '../api/create-institution';

const SLUG = /^[a-z][a-z0-9-]{1,39}$/;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 40);
}

const COLOR_LABELS: Record<BrandColorToken, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  errorColor: 'Error colour',
};

interface Problems {
  name?: string;
  slug?: string;
  hosts?: string;
  colors?: string;
}

function check(name: string, slug: string, hosts: string[], tokens: BrandTokens): Problems {
  const problems: Problems = {};
  if (name.trim().length < 2) problems.name = 'Enter the institution’s name (2 to 120 characters).';
  if (!SLUG.test(slug)) {
    problems.slug = 'Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter.';
  }
  if (hosts.length === 0) problems.hosts = 'Enter at least one host name.';
  else if (hosts.length > 10) problems.hosts = 'Enter at most 10 host names.';
  else if (!hosts.every((host) => HOST.test(host))) {
    problems.hosts = 'Host names are like bank.example.com (no scheme, port or path).';
  }
  if (![tokens.primaryColor, tokens.secondaryColor, tokens.errorColor].every(isHexColor)) {
    problems.colors = 'Every colour must be like #1a2b3c.';
  }
  return problems;
}

/** Implementers: a new institution with its host names, theme and starting settings. */
export function CreateInstitutionPage({ onCreated }: { onCreated: (slug: string) => void }) {
  const staff = useStaff();
  const institutions = useInstitutionList();
  const create = useCreateInstitution();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [hostsText, setHostsText] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [tokens, setTokens] = useState<BrandTokens>({ ...BUILT_IN_THEMES.harbor.tokens });
  const [submitted, setSubmitted] = useState(false);

  const effectiveSlug = slugEdited ? slug : slugOf(name);
  const hosts = hostsText
    .split(/[\s,]+/)
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const problems = check(name, effectiveSlug, hosts, tokens);
  const shown = submitted ? problems : {};

  if (!staff.isImplementer) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="info">Only implementers create institutions.</Alert>
      </Container>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    create.mutate(
      {
        name: name.trim(),
        slug: effectiveSlug,
        hosts,
        theme: tokens,
        ...(copyFrom ? { copyFrom } : {}),
      },
      { onSuccess: (created) => onCreated(created.slug) },
    );
  }

  const setToken = <K extends keyof BrandTokens>(key: K, value: BrandTokens[K]) =>
    setTokens((current) => ({ ...current, [key]: value }));
  const serverProblems = create.error instanceof ApiError ? create.error.details : [];

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        New institution
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
        {create.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(create.error)}
            {serverProblems.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {serverProblems.map((problem) => (
                  <li key={`${problem.key}:${problem.message}`}>
                    {problem.key}: {problem.message}
                  </li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={shown.name !== undefined}
          helperText={shown.name ?? 'As borrowers see it, e.g. Cedar Credit Union.'}
          required
        />
        <TextField
          label="Short name (slug)"
          value={effectiveSlug}
          onChange={(event) => {
            setSlugEdited(true);
            setSlug(event.target.value.trim().toLowerCase());
          }}
          error={shown.slug !== undefined}
          helperText={shown.slug ?? 'Names the institution in addresses and its cdn folder.'}
          required
        />
        <TextField
          label="Host names"
          value={hostsText}
          onChange={(event) => setHostsText(event.target.value)}
          error={shown.hosts !== undefined}
          helperText={
            shown.hosts ??
            'The portal answers on these, separated by commas (e.g. cedar.localhost).'
          }
          required
        />
        <TextField
          select
          label="Start from"
          value={copyFrom}
          onChange={(event) => setCopyFrom(event.target.value)}
          // "The defaults" shows when the value is empty; the label must not sit on it.
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          helperText="The schema defaults, or a copy of another institution’s published settings."
        >
          <option value="">The defaults</option>
          {(institutions.data ?? []).map((institution) => (
            <option key={institution.slug} value={institution.slug}>
              A copy of {institution.name}
            </option>
          ))}
        </TextField>
        <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
          <Typography component="legend" variant="subtitle1" sx={{ px: 0.5 }}>
            Theme
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {Object.values(BUILT_IN_THEMES).map((theme) => (
              <Button
                key={theme.id}
                size="small"
                variant="outlined"
                onClick={() => setTokens({ ...theme.tokens })}
              >
                Use {theme.name}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {(Object.keys(COLOR_LABELS) as BrandColorToken[]).map((token) => (
              <ColorField
                key={token}
                id={`new-institution-${token}`}
                label={COLOR_LABELS[token]}
                value={tokens[token]}
                onChange={(value) => setToken(token, value)}
                contrast={contrastOf(token, {
                  primaryColor: tokens.primaryColor,
                  secondaryColor: tokens.secondaryColor,
                  errorColor: tokens.errorColor,
                })}
              />
            ))}
            {shown.colors && (
              <Typography color="error" role="alert">
                {shown.colors}
              </Typography>
            )}
            <TextField
              label="Font family"
              value={tokens.fontFamily}
              onChange={(event) => setToken('fontFamily', event.target.value)}
              size="small"
            />
            <TextField
              label="Corner radius (pixels)"
              type="number"
              value={tokens.borderRadius}
              onChange={(event) =>
                setToken(
                  'borderRadius',
                  Math.max(0, Math.min(32, Math.round(Number(event.target.value) || 0))),
                )
              }
              slotProps={{ htmlInput: { min: 0, max: 32 } }}
              size="small"
              sx={{ maxWidth: 240 }}
            />
            <TextField
              select
              label="Colour scheme"
              value={tokens.colorScheme}
              onChange={(event) => {
                const value = event.target.value;
                if (value === 'light' || value === 'dark' || value === 'system')
                  setToken('colorScheme', value);
              }}
              slotProps={{ select: { native: true } }}
              size="small"
              sx={{ maxWidth: 240 }}
            >
              <option value="light">Light</option>
              <option value="dark">Dark</option>
              <option value="system">As the device is set</option>
            </TextField>
          </Box>
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Create institution
          </Button>
        </Box>
      </Box>
    </Container>
  );
}
