import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { VisuallyHidden } from '@portal/web-kit';

export interface BreadcrumbStep {
  id: string;
  label: string;
  current: boolean;
  /** A step the user cannot go to yet (its previous section is not valid). */
  disabled: boolean;
  onSelect(): void;
}

/** Label of the breadcrumb landmark; not a setting (the schema has no key for it). */
export const BREADCRUMB_LABEL = 'Registration steps';

/**
 * The registration breadcrumb (spec 000 section 2.9): Personal Data, Security (when the section
 * exists) and Registration. The current step is marked aria-current; a later step stays disabled
 * until every section before it is valid.
 */
export function RegistrationBreadcrumb({ steps }: { steps: readonly BreadcrumbStep[] }) {
  return (
    <Box component="nav" aria-label={BREADCRUMB_LABEL}>
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {steps.map((step, index) => (
          <Box component="li" key={step.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {index > 0 ? (
              <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
                ›
              </Box>
            ) : null}
            <Button
              size="small"
              variant={step.current ? 'contained' : 'text'}
              aria-current={step.current ? 'step' : undefined}
              disabled={step.disabled}
              onClick={step.current ? undefined : step.onSelect}
            >
              <VisuallyHidden>{`${index + 1}. `}</VisuallyHidden>
              {step.label}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
