import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Box from '@mui/material/Box';
import { VisuallyHidden } from '@portal/web-kit';
import type { ReactNode } from 'react';
import type { RequirementState } from './password-policy';
import type { PasswordRequirements } from './use-password-requirements';

/**
 * The words that say a rule's state without colour or icon. Not settings (the schema has no keys
 * for them): see the report.
 */
export const REQUIREMENT_STATE_TEXT: Readonly<Record<RequirementState, string>> = {
  met: 'Requirement met:',
  unmet: 'Requirement not met:',
  checking: 'Checking:',
};
export const REQUIREMENTS_LIST_LABEL = 'Password requirements';

const ICONS: Readonly<Record<RequirementState, ReactNode>> = {
  met: <CheckCircleIcon color="success" fontSize="small" aria-hidden />,
  unmet: <CancelIcon color="error" fontSize="small" aria-hidden />,
  checking: <HourglassEmptyIcon color="action" fontSize="small" aria-hidden />,
};

interface PasswordRequirementsListProps {
  requirements: PasswordRequirements;
  /** Link the password field to the list with aria-describedby. */
  id?: string;
}

/**
 * The password requirements list (spec 000 section 2.13): a valid or invalid icon per displayed
 * rule, each with a text alternative. Renders nothing unless the rule-list option is on.
 */
export function PasswordRequirementsList({ requirements, id }: PasswordRequirementsListProps) {
  if (!requirements.showList || requirements.items.length === 0) return null;
  return (
    <Box
      component="ul"
      id={id}
      aria-label={REQUIREMENTS_LIST_LABEL}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}
    >
      {requirements.items.map((item) => (
        <Box
          component="li"
          key={item.id}
          data-state={item.state}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, typography: 'body2' }}
        >
          {ICONS[item.state]}
          <VisuallyHidden>{REQUIREMENT_STATE_TEXT[item.state]}</VisuallyHidden>
          <span>{item.text}</span>
        </Box>
      ))}
    </Box>
  );
}
