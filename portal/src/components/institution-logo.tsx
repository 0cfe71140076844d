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
 */
export function InstitutionLogo({ alt, height = 40 }: InstitutionLogoProps) {
  const { cdnFolder } = useInstitutionOptions();
  const settings = useSettings();
  return (
    <Box
      component="img"
      src={logoPaths(cdnFolder, logoFilesFromSettings(settings)).full}
      alt={alt}
      sx={{ height, width: 'auto', maxWidth: '100%', display: 'block' }}
    />
  );
}
