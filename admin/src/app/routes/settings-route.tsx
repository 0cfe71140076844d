import Box from '@mui/material/Box';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PreviewPane, type PreviewRequest } from '../../features/preview/components/preview-pane';
import { previewRouteOf } from '../../features/preview/utils/preview-route';
import { SettingsEditor } from '../../features/settings-editor/components/settings-editor';
import { useDraftSession } from '../../lib/draft/use-draft';
import { canEdit, useInstitution } from '../../lib/institutions/institution-context';
import { definitionOf } from '../../lib/settings/definitions';

/** Hook-up of the preview to the editor: "Show in preview" and, when followed, focus. */
export function usePreviewRequests() {
  const [request, setRequest] = useState<PreviewRequest | null>(null);
  const [follow, setFollow] = useState(true);
  const seq = useRef(0);
  const show = useCallback((key: string) => {
    const route = previewRouteOf(definitionOf(key)?.route);
    if (!route) return;
    seq.current += 1;
    const next = seq.current;
    setRequest((current) => (current?.route === route ? current : { route, seq: next }));
  }, []);
  const jump = useCallback((key: string) => {
    const route = previewRouteOf(definitionOf(key)?.route);
    if (!route) return;
    seq.current += 1;
    setRequest({ route, seq: seq.current });
  }, []);
  const onFocusKey = useCallback(
    (key: string) => {
      if (follow) show(key);
    },
    [follow, show],
  );
  return { request, follow, setFollow, onFocusKey, onShowInPreview: jump };
}

export function SettingsRoute() {
  const institution = useInstitution();
  const session = useDraftSession();
  const [params, setParams] = useSearchParams();
  const preview = usePreviewRequests();
  const onGroupChange = useCallback(
    (slug: string) => setParams({ group: slug }, { replace: true }),
    [setParams],
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        p: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(360px, 40%)' },
        alignItems: 'start',
      }}
    >
      <SettingsEditor
        session={session}
        readOnly={!canEdit(institution.role)}
        groupSlug={params.get('group') ?? undefined}
        onGroupChange={onGroupChange}
        onFocusKey={preview.onFocusKey}
        onShowInPreview={preview.onShowInPreview}
      />
      <Box sx={{ position: { lg: 'sticky' }, top: 16 }}>
        <PreviewPane
          slug={institution.slug}
          session={session}
          request={preview.request}
          follow={{ value: preview.follow, onChange: preview.setFollow }}
        />
      </Box>
    </Box>
  );
}
