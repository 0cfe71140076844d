import Box from '@mui/material/Box';
import { logoPaths } from '@portal/themes';
import { useInstitutionOptions } from '../lib/settings/settings-context';

interface InstitutionLogoProps {
  alt: string;
  height?: number;
}

/** The institution's full logo (white, for the primary colour) from its cdn folder. */
export function InstitutionLogo({ alt, height = 40 }: InstitutionLogoProps) {
  const { cdnFolder } = useInstitutionOptions();
  return (
    <Box
      component="img"
      src={logoPaths(cdnFolder).full}
      alt={alt}
      sx={{ height, width: 'auto', maxWidth: '100%', display: 'block' }}
    />
  );
}
