import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  isRichTextAttributeAllowed,
  RICH_TEXT_ATTRIBUTE_NAMES,
  RICH_TEXT_POLICY,
  richTextUrlPattern,
} from '@portal/domain';
import DOMPurify, { type Config } from 'dompurify';

const purifier = DOMPurify();

// DOMPurify's lists are global; the policy's attributes, URL schemes (https-only images) and link
// targets depend on the element.
purifier.addHook('uponSanitizeAttribute', (node, data) => {
  if (!isRichTextAttributeAllowed(node.nodeName, data.attrName, data.attrValue)) {
    data.keepAttr = false;
  }
});

// A link that opens a new tab must not hand the portal's window to the page it opens.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A' && node.hasAttribute('target')) {
    node.setAttribute('rel', RICH_TEXT_POLICY.newWindowRel);
  }
});

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_TEXT_POLICY.tags],
  ALLOWED_ATTR: [...RICH_TEXT_ATTRIBUTE_NAMES],
  ALLOWED_URI_REGEXP: richTextUrlPattern(),
  FORBID_CONTENTS: [...RICH_TEXT_POLICY.droppedWithContent],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** Settings rich text made safe by the shared `RICH_TEXT_POLICY` (the server applies it too). */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, CONFIG);
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
