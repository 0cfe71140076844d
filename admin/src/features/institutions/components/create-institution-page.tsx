import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  hostList,
  hostSpecificValues,
  INSTITUTION_SLUG,
  isHostName,
  MAX_INSTITUTION_HOSTS,
  slugFromName,
  type ConfigurationDocument,
  type InstitutionSummary,
} from '@portal/domain';
import { createSettingsAccessor } from '@portal/settings-schema';
import {
  BUILT_IN_THEMES,
  brandTokensFromSettings,
  type BrandColorToken,
  type BrandTokens,
} from '@portal/themes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ColorField, contrastOf, isHexColor } from '../../../components/color-field';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { institutionSettingsQuery } from '../../../lib/draft/get-institution-settings';
import { definitionOf } from '../../../lib/settings/definitions';
import { useInstitutionList } from '../../../lib/institutions/list-institutions';
import { useStaff } from '../../../lib/session/staff-context';
import { useCreateInstitution } from '../api/create-institution';

const COLOR_LABELS: Record<BrandColorToken, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  errorColor: 'Error colour',
};
const COLOR_TOKENS = Object.keys(COLOR_LABELS) as BrandColorToken[];
const COLOR_MESSAGE = 'Every colour must be like #1a2b3c.';
const colour = z.string().refine(isHexColor, COLOR_MESSAGE);

/** The form as typed; the slug and host rules are the server's (`@portal/domain`). */
const newInstitutionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Enter the institution’s name (2 to 120 characters).')
    .max(120, 'Enter the institution’s name (2 to 120 characters).'),
  slug: z
    .string()
    .regex(
      INSTITUTION_SLUG,
      'Use 2 to 40 lower-case letters, digits and hyphens, starting with a letter.',
    ),
  hosts: z.string().transform((text, context) => {
    const hosts = hostList(text);
    const message =
      hosts.length === 0
        ? 'Enter at least one host name.'
        : hosts.length > MAX_INSTITUTION_HOSTS
          ? `Enter at most ${MAX_INSTITUTION_HOSTS} host names.`
          : hosts.every(isHostName)
            ? undefined
            : 'Host names are like bank.example.com (no scheme, port or path).';
    if (message) context.addIssue({ code: 'custom', message });
    return hosts;
  }),
  copyFrom: z.string(),
  primaryColor: colour,
  secondaryColor: colour,
  errorColor: colour,
  fontFamily: z.string(),
  borderRadius: z.number().int().min(0).max(32),
  colorScheme: z.enum(['light', 'dark', 'system']),
});
type NewInstitutionInput = z.input<typeof newInstitutionSchema>;
type NewInstitution = z.output<typeof newInstitutionSchema>;

/** The theme a published document sets (its values, else the schema defaults). */
function themeOf(document: ConfigurationDocument): BrandTokens | undefined {
  try {
    return brandTokensFromSettings(
      createSettingsAccessor({ shared: document.shared ?? {}, english: document.english ?? {} }),
    );
  } catch {
    return undefined;
  }
}

/**
 * What a copy of another institution brings that is that institution's own (domain's
 * hostSpecificValues): each value on its own line, so the implementer replaces them after.
 */
function CopyWarnings({
  source,
  document,
}: {
  source: InstitutionSummary;
  document: ConfigurationDocument;
}) {
  const warnings = useMemo(() => hostSpecificValues(document, source), [document, source]);
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" role="status" aria-labelledby="copy-warnings-heading">
      <Typography id="copy-warnings-heading" variant="subtitle2" component="h2">
        {warnings.length === 1
          ? `1 value is ${source.name}’s own: replace it after creating`
          : `${warnings.length} values are ${source.name}’s own: replace them after creating`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning, index) => (
          <li key={`${warning.set}:${warning.key}:${index}`}>
            {definitionOf(warning.key)?.title ?? warning.key} (<code>{warning.key}</code>):{' '}
            <Box component="span" sx={{ wordBreak: 'break-all' }}>
              {warning.value}
            </Box>{' '}
            — {warning.reason}.
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** Implementers: a new institution with its host names, theme and starting settings. */
export function CreateInstitutionPage({ onCreated }: { onCreated: (slug: string) => void }) {
  const staff = useStaff();
  const institutions = useInstitutionList();
  const create = useCreateInstitution();
  const { control, handleSubmit, setValue, getFieldState, formState } = useForm<
    NewInstitutionInput,
    unknown,
    NewInstitution
  >({
    resolver: zodResolver(newInstitutionSchema),
    defaultValues: {
      name: '',
      slug: '',
      hosts: '',
      copyFrom: '',
      ...BUILT_IN_THEMES.harbor.tokens,
    },
  });
  const name = useWatch({ control, name: 'name' });
  const copyFrom = useWatch({ control, name: 'copyFrom' });
  const source = (institutions.data ?? []).find((institution) => institution.slug === copyFrom);
  const sourceSettings = useQuery({
    ...institutionSettingsQuery(copyFrom),
    enabled: copyFrom !== '',
  });
  const sourceDocument = copyFrom !== '' ? sourceSettings.data?.published.document : undefined;
  // A copy starts from the source's theme (issue 20 item 24: it took Harbor's); the fields stay
  // editable, and choosing the defaults again leaves what is there.
  useEffect(() => {
    const theme = sourceDocument ? themeOf(sourceDocument) : undefined;
    if (!theme) return;
    for (const [key, value] of Object.entries(theme)) {
      setValue(key as keyof BrandTokens, value as never);
    }
  }, [sourceDocument, setValue]);
  const colours = useWatch({ control, name: COLOR_TOKENS });
  // The slug follows the name until it is edited.
  useEffect(() => {
    if (!getFieldState('slug').isDirty) setValue('slug', slugFromName(name));
  }, [name, getFieldState, setValue]);
  const colourProblem = COLOR_TOKENS.map((token) => formState.errors[token]?.message).find(
    (message) => message !== undefined,
  );

  if (!staff.isImplementer) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="info">Only implementers create institutions.</Alert>
      </Container>
    );
  }

  function submit(values: NewInstitution) {
    const { name: typedName, slug, hosts, copyFrom, ...theme } = values;
    create.mutate(
      { name: typedName, slug, hosts, theme, ...(copyFrom ? { copyFrom } : {}) },
      { onSuccess: (created) => onCreated(created.slug) },
    );
  }

  const serverProblems = create.error instanceof ApiError ? create.error.details : [];
  const [primaryColor, secondaryColor, errorColor] = colours;

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        New institution
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit(submit)}
        sx={{ display: 'grid', gap: 2.5 }}
      >
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
        <FormTextField
          control={control}
          name="name"
          label="Name"
          helperText="As borrowers see it, e.g. Cedar Credit Union."
          required
        />
        <FormTextField
          control={control}
          name="slug"
          label="Short name (slug)"
          helperText="Names the institution in addresses and its cdn folder."
          required
        />
        <FormTextField
          control={control}
          name="hosts"
          label="Host names"
          helperText="The portal answers on these, separated by commas (e.g. cedar.localhost)."
          required
        />
        <FormTextField
          control={control}
          name="copyFrom"
          select
          label="Start from"
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
        </FormTextField>
        {source && sourceDocument && <CopyWarnings source={source} document={sourceDocument} />}
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
                onClick={() => {
                  for (const [key, value] of Object.entries(theme.tokens)) {
                    setValue(key as keyof typeof theme.tokens, value as never, {
                      shouldValidate: formState.isSubmitted,
                    });
                  }
                }}
              >
                Use {theme.name}
              </Button>
            ))}
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {COLOR_TOKENS.map((token) => (
              <Controller
                key={token}
                control={control}
                name={token}
                render={({ field }) => (
                  <ColorField
                    id={`new-institution-${token}`}
                    label={COLOR_LABELS[token]}
                    value={field.value}
                    onChange={field.onChange}
                    contrast={contrastOf(token, {
                      primaryColor: primaryColor ?? '',
                      secondaryColor: secondaryColor ?? '',
                      errorColor: errorColor ?? '',
                    })}
                  />
                )}
              />
            ))}
            {colourProblem && (
              <Typography color="error" role="alert">
                {colourProblem}
              </Typography>
            )}
            <FormTextField control={control} name="fontFamily" label="Font family" size="small" />
            <Controller
              control={control}
              name="borderRadius"
              render={({ field: { ref, value, onChange, onBlur } }) => (
                <TextField
                  label="Corner radius (pixels)"
                  type="number"
                  inputRef={ref}
                  value={value}
                  onBlur={onBlur}
                  onChange={(event) =>
                    onChange(Math.max(0, Math.min(32, Math.round(Number(event.target.value) || 0))))
                  }
                  slotProps={{ htmlInput: { min: 0, max: 32 } }}
                  size="small"
                  sx={{ maxWidth: 240 }}
                />
              )}
            />
            <FormTextField
              control={control}
              name="colorScheme"
              select
              label="Colour scheme"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              size="small"
              sx={{ maxWidth: 240 }}
            >
              <option value="light">Light</option>
              <option value="dark">Dark</option>
              <option value="system">As the device is set</option>
            </FormTextField>
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
