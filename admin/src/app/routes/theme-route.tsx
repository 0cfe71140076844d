import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PreviewPane } from '../../features/preview/components/preview-pane';
import { GroupForm } from '../../features/settings-editor/components/group-form';
import { BrandingUploads } from '../../features/theme-editor/components/branding-uploads';
import { useDraftSession } from '../../lib/draft/use-draft';
import { canEdit, useInstitution } from '../../lib/institutions/institution-context';
import { listSettingGroups } from '../../lib/settings/definitions';
import { usePreviewRequests } from './settings-route';

const THEME_GROUP = 'Theme and branding';

/** The theme editor: the theme keys (colours with the contrast check, font, radius, scheme),
 * the logos, and the preview. */
export function ThemeRoute() {
  const institution = useInstitution();
  const session = useDraftSession();
  const preview = usePreviewRequests();
  const group = listSettingGroups().find((candidate) => candidate.name === THEME_GROUP);
  const readOnly = !canEdit(institution.role);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        p: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(360px, 45%)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
        <Typography variant="h5" component="h1">
          Theme
        </Typography>
        {group && (
          <GroupForm
            definitions={group.definitions}
            session={session}
            readOnly={readOnly}
            onFocusKey={preview.onFocusKey}
            onShowInPreview={preview.onShowInPreview}
          />
        )}
        <BrandingUploads
          slug={institution.slug}
          cdnFolder={institution.cdnFolder}
          session={session}
          readOnly={readOnly}
        />
      </Box>
      <Box sx={{ position: { lg: 'sticky' }, top: 16 }}>
        <PreviewPane slug={institution.slug} session={session} request={preview.request} />
      </Box>
    </Box>
  );
}
