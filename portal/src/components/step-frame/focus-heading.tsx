import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface FocusHeadingProps {
  children: ReactNode;
  /**
   * Move the focus here when the heading appears: a new step or section, so keyboard and screen
   * reader users start at it. Not on the first step of a freshly loaded page.
   */
  focusOnMount: boolean;
  id?: string;
  gutterBottom?: boolean;
}

/** The heading of a step: focusable from script only (tabIndex -1), no focus ring of its own. */
export function FocusHeading({ children, focusOnMount, id, gutterBottom }: FocusHeadingProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A layout effect: the focus moves in the same commit that shows the heading, so nothing the
  // user types (or a test, which sees the heading as soon as it is committed) lands in between.
  useLayoutEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <Typography
      ref={heading}
      id={id}
      variant="h5"
      component="h2"
      tabIndex={-1}
      gutterBottom={gutterBottom}
      sx={{ '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}
