import Box from '@mui/material/Box';
import { logoFilesFromSettings, logoPaths } from '@portal/themes';
import { useInstitutionOptions, useSettings } from '../lib/settings/settings-context';

interface InstitutionLogoProps {
  alt: string;
  height?: number;
}

/**
 * The institution's full logo (white, for the primary colour) from its cdn folder: the file the
 * settings name, so the admin's preview shows a draft's new logo before it is published.
 * Always at the top of the screen, and often its largest element: fetched at high priority, ahead
 * of the route's code (with the default low priority of an image, a phone on a slow network
 * showed it last: the largest contentful paint of the sign-in page waited 2.4 s for it).
 */
export function InstitutionLogo({ alt, height = 40 }: InstitutionLogoProps) {
  const { cdnFolder } = useInstitutionOptions();
  const settings = useSettings();
  return (
    <Box
      component="img"
      src={logoPaths(cdnFolder, logoFilesFromSettings(settings)).full}
      alt={alt}
      fetchPriority="high"
      sx={{ height, width: 'auto', maxWidth: '100%', display: 'block' }}
    />
  );
}
