import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { sanitizeRichText } from './sanitize-rich-text';

interface RichTextProps {
  html: string;
  id?: string;
  sx?: SxProps<Theme>;
}

/** Renders institution rich text from the settings, sanitised with `sanitizeRichText`. */
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
