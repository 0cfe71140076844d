import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { DocumentsSection } from '../../../components/documents-section/documents-section';
import type { DocumentListResponse } from '../../../lib/documents/document-lists';
import { useSettings } from '../../../lib/settings/settings-context';
import type { UploadTarget } from '../../../lib/uploads';

type DocumentList = z.infer<typeof DocumentListResponse>;

/** The spinner the Document Center shows while something loads (spec 002), named for what. */
export function LoadingSpinner(props: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={props.label} />
    </Box>
  );
}

/**
 * One list of the Document Center and its upload area (spec 002 "Document Center", section 8
 * "Documents"): a spinner while it loads, 'Cannot connect to the service to get documents' when
 * it cannot, and once shown, the list with the refresh failure under it when a refresh after an
 * upload fails. The list, the new marker, 'No Uploaded Documents' and the upload area's setting
 * are the shared documents section's.
 */
export function DocumentList<Key extends QueryKey>(props: {
  query: UseQueryOptions<DocumentList, Error, DocumentList, Key>;
  target: UploadTarget;
  /** After an upload, besides refreshing this list (another screen showing the same files). */
  onUploaded?(): void;
}) {
  const settings = useSettings();
  const list = useQuery(props.query);
  if (list.data) {
    return (
      <>
        <DocumentsSection
          documents={list.data.Value}
          upload={{
            target: props.target,
            onUploaded: () => {
              void list.refetch();
              props.onUploaded?.();
            },
          }}
        />
        {list.isRefetchError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {settings.get('documentCenterTexts.refreshErrorText')}
          </Alert>
        ) : null}
      </>
    );
  }
  if (list.isError) {
    return <Alert severity="error">{settings.get('documentCenterTexts.loadErrorText')}</Alert>;
  }
  return <LoadingSpinner label={settings.get('applicationDetailsTexts.documentsLoadingText')} />;
}
