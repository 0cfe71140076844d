import type { SxProps, Theme } from '@mui/material/styles';
import type { DataTableRowVariant } from './data-table-column';

/** One entry of an `sx` array. */
type SxEntry = Exclude<SxProps<Theme>, readonly unknown[]>;

/**
 * The row's look for its variant: a tinted warning with an accent on its leading edge (drawn on
 * `edge`, since table rows draw no shadow of their own), or muted text.
 */
export function rowVariantSx(
  variant: DataTableRowVariant,
  edge: '&' | '& > :first-child',
): SxEntry {
  switch (variant) {
    case 'warning':
      return (theme) => {
        const { palette } = theme.vars ?? theme;
        return {
          backgroundColor: theme.alpha(palette.warning.main, 0.08),
          [edge]: { boxShadow: `inset 4px 0 0 ${palette.warning.main}` },
        };
      };
    case 'closed':
      return { color: 'text.secondary', '& .MuiTableCell-root': { color: 'text.secondary' } };
    case 'default':
      return {};
  }
}

/**
 * Stretches a row's link or button (marked `data-row-action`) over the whole row (see
 * `ACTIONABLE_ROW_SX`), so a click anywhere on the row follows it while keyboard and screen
 * reader users meet one control.
 */
export const STRETCHED_ACTION_SX = {
  '&::after': { content: '""', position: 'absolute', inset: 0 },
} as const;

/** A row whose action is stretched over it; other controls in its cells stay clickable. */
export const ACTIONABLE_ROW_SX = {
  position: 'relative',
  cursor: 'pointer',
  '& :is(a, button, input, select, textarea):not([data-row-action])': {
    position: 'relative',
    zIndex: 1,
  },
} as const;
