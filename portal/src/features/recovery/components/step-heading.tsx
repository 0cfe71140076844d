import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

interface StepHeadingProps {
  children: ReactNode;
  /** Move the focus here when the step appears (not on the first step of a fresh page). */
  focusOnMount: boolean;
}

/** The heading of a recovery step; focus lands on it when the step changes. */
export function StepHeading({ children, focusOnMount }: StepHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <Typography
      ref={heading}
      variant="h5"
      component="h2"
      tabIndex={-1}
      sx={{ '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
