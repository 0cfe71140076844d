import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { visuallyHidden } from '@portal/web-kit';

interface NavigationProgressProps {
  loading: boolean;
  /** errorTexts.loadingText ('Loading'). */
  label: string;
}

/**
 * The loading animation of a navigation: a bar across the top of the page and a polite
 * announcement for screen readers. The live region stays mounted so the announcement is heard.
 */
export function NavigationProgress({ loading, label }: NavigationProgressProps) {
  return (
    <>
      {loading ? (
        <LinearProgress
          aria-label={label}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            right: 0,
            zIndex: (theme) => theme.zIndex.appBar + 1,
          }}
        />
      ) : null}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {loading ? label : ''}
      </Box>
    </>
  );
}
