import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import DOMPurify from 'dompurify';

const purifier = DOMPurify();

// A link that opens a new tab must not hand the portal's window to the page it opens.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Settings rich text made safe: no scripts, styles, forms, frames or event handlers. */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
  });
}

interface RichTextProps {
  html: string;
  id?: string;
  sx?: SxProps<Theme>;
}

/** Renders institution rich text from the settings, sanitised with DOMPurify. */
export function RichText({ html, id, sx }: RichTextProps) {
  return (
    <Box
      id={id}
      sx={[
        { '& > :first-of-type': { mt: 0 }, '& > :last-child': { mb: 0 } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }}
    />
  );
}
