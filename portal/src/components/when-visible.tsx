import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far ahead of the viewport a deferred part starts loading (a few flicks of scrolling). */
export const WHEN_VISIBLE_MARGIN = '200px';

/**
 * Shows `children` once their place comes near the viewport; until then an
 * empty block of `minHeight` holds it. For a part at the end of a page whose code is large and
 * not needed for the first screen (the footer's rich text with DOMPurify, the profile's
 * documents with their uploader): a borrower who never scrolls there never downloads it, and one
 * who does finds it rendered before it scrolls into view. Keyboard users reach it the same way:
 * moving focus scrolls the page. Where IntersectionObserver is missing, shows them at once.
 *
 * Written here rather than taking react-intersection-observer: one observer per use, disconnected
 * at first sight, is all this needs.
 */
export function WhenVisible(props: { children: ReactNode; minHeight?: number }) {
  // Where nothing can tell visibility, at once; never on the server, whose page the browser
  // hydrates with the placeholder first (the two must agree).
  const [shown, setShown] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = place.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${WHEN_VISIBLE_MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return <>{props.children}</>;
  return <Box ref={place} sx={{ minHeight: props.minHeight ?? 1 }} />;
}
