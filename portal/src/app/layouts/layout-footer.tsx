import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LazyRichText } from '@portal/web-kit';
import type { ReactNode } from 'react';
import type { SettingTypes } from '@portal/settings-schema';
import { WhenVisible } from '../../components/when-visible';
import { resolveCdnPath } from '../../lib/cdn';
import { safeExternalUrl } from '../../lib/external-link';
import { useInstitutionOptions } from '../../lib/settings/settings-context';

/** Spec 000 section 9: the footer has up to three images. */
export const MAX_FOOTER_IMAGES = 3;

/** One footer image as the footerImages settings declare it (the accessor checks the shape). */
type FooterImage = SettingTypes['loggedInLayout.footerImages'][number];

function isRelativePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

interface LayoutFooterProps {
  copyrightText: string;
  richText?: string;
  images: readonly FooterImage[];
  /** Extra footer content (the logged-out disclosures). */
  children?: ReactNode;
}

/** The footer of both layouts: © year and copyright text, optional rich text, images. */
export function LayoutFooter({ copyrightText, richText, images, children }: LayoutFooterProps) {
  const { cdnFolder, institutionName } = useInstitutionOptions();
  const year = new Date().getFullYear();
  const footerImages = images.slice(0, MAX_FOOTER_IMAGES);
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Typography variant="body2">
          © {year} {institutionName}. {copyrightText}
        </Typography>
        {richText ? (
          // The footer is the page's end: its rich text (and DOMPurify) loads as it comes near.
          <WhenVisible>
            <LazyRichText html={richText} sx={{ mt: 1, typography: 'body2' }} />
          </WhenVisible>
        ) : null}
        {children}
        {footerImages.length > 0 ? (
          <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            {footerImages.map((image) => {
              const img = (
                <Box
                  component="img"
                  src={resolveCdnPath(cdnFolder, image.src)}
                  alt={image.alt}
                  sx={{ height: 48, width: 'auto', display: 'block' }}
                />
              );
              const external = image.href ? safeExternalUrl(image.href) : undefined;
              if (external) {
                return (
                  <Link key={image.src} href={external} target="_blank" rel="noopener noreferrer">
                    {img}
                  </Link>
                );
              }
              if (image.href && isRelativePath(image.href)) {
                return (
                  <Link key={image.src} href={image.href}>
                    {img}
                  </Link>
                );
              }
              return <Box key={image.src}>{img}</Box>;
            })}
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
