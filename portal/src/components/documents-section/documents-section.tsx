import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  type AccountDocument,
  calendarDateIn,
  fillPlaceholders,
  formatUsDate,
} from '@portal/domain';
import { visuallyHidden } from '@portal/web-kit';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { documentViewUrl } from '../../lib/documents/document-view-url';
import { openInNewTab } from '../../lib/new-tab';
import { useSettings } from '../../lib/settings/settings-context';
import type { UploadTarget } from '../../lib/uploads';
import { FileUploader } from '../file-uploader/file-uploader';

function FormatIcon(props: { format: string }) {
  const format = props.format.toLowerCase();
  if (format === 'pdf') return <PictureAsPdfOutlinedIcon />;
  if (['png', 'jpg', 'jpeg', 'gif', 'tif', 'tiff'].includes(format)) return <ImageOutlinedIcon />;
  return <DescriptionOutlinedIcon />;
}

/**
 * The documents to mark new (spec 002: "New files since the earlier list carry a new marker", "a
 * refresh marks new files", and the client adds the marker). The spec leaves "earlier" open; the
 * choice: the earlier list is the first one this section showed in this visit of the page, so a
 * file is new when a refresh (after an upload, or any reload of the page's data) brings a file
 * that list did not hold. A file uploaded in this visit keeps its marker after the next upload
 * (against only the list just before, the first upload's file would lose it, and the borrower
 * who uploaded two files would see one marked); leaving the page and coming back starts again.
 * Not DateUploaded against the previous sign-in: the spec has the client add the marker when a
 * refresh brings a file, so the server's list answer stays as it is.
 *
 * The page's address names whose list it is: the same section is reused when the address moves
 * to another loan or application whose list is cached, and that list's files are not new. (A page
 * showing several lists at one address would give each section its own React key.)
 */
function useNewDocuments(
  documents: readonly AccountDocument[],
  listOf: string,
): ReadonlySet<string> {
  const [earlier, setEarlier] = useState(() => ({ listOf, fileIds: idsOf(documents) }));
  if (earlier.listOf !== listOf) {
    // Another list: its first showing is its earlier list (React's state from props pattern).
    setEarlier({ listOf, fileIds: idsOf(documents) });
    return new Set();
  }
  return new Set(
    documents
      .filter((document) => !earlier.fileIds.has(document.FileId))
      .map((document) => document.FileId),
  );
}

function idsOf(documents: readonly AccountDocument[]): ReadonlySet<string> {
  return new Set(documents.map((document) => document.FileId));
}

/**
 * The file services' documents about an account (spec 002 loan details, "only if file services
 * are on and not hidden") or a loan application (its details' documents block, "with view and
 * upload"): each with an icon by format, its name and its upload date, opened in a new window.
 * With `upload`, the file uploader follows the list, unless file services are off or the
 * institution hides the upload area (documentCenterOptions.hideUploadAreaOption, the document
 * center's setting, which these blocks follow too); `onUploaded` refreshes the list, and files
 * the refresh brings carry the new marker (commonTexts.newDocumentMarkerText): text beside the
 * name, also the description of the document's button and said by a status message, so it is
 * not colour alone and a screen reader hears it.
 */
export function DocumentsSection(props: {
  documents: readonly AccountDocument[];
  upload?: { target: UploadTarget; onUploaded(): void };
}) {
  const settings = useSettings();
  const canUpload =
    props.upload !== undefined &&
    settings.get('globalOptions.useFileServicesOption') &&
    !settings.get('documentCenterOptions.hideUploadAreaOption');
  const headingId = useId();
  const markerId = useId();
  const newDocuments = useNewDocuments(props.documents, useLocation().pathname);
  const marker = settings.get('commonTexts.newDocumentMarkerText');
  const markedNames = props.documents
    .filter((document) => newDocuments.has(document.FileId))
    .map((document) => document.DisplayName);
  const timeZone = settings.get('localeOptions.institutionTimeZone');
  const uploadedOn = settings.get('documentCenterTexts.uploadedOnText');
  const [error, setError] = useState(false);
  async function open(document: AccountDocument) {
    setError(false);
    try {
      await openInNewTab(documentViewUrl(document));
    } catch {
      setError(true);
    }
  }
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography variant="h5" component="h2" id={headingId} gutterBottom>
        {settings.get('documentCenterTexts.documentsSectionHeadingText')}
      </Typography>
      {props.documents.length === 0 ? (
        <Typography>{settings.get('documentCenterTexts.noDocumentsText')}</Typography>
      ) : (
        <List dense aria-labelledby={headingId}>
          {props.documents.map((document, index) => {
            const isNew = newDocuments.has(document.FileId);
            const markerOf = `${markerId}-${index}`;
            return (
              <ListItem key={document.FileId} disableGutters>
                <ListItemIcon sx={{ minWidth: 36 }} aria-hidden="true">
                  <FormatIcon format={document.DisplayFormat} />
                </ListItemIcon>
                <ListItemText
                  primary={
                    <>
                      <Link
                        component="button"
                        type="button"
                        aria-describedby={isNew ? markerOf : undefined}
                        onClick={() => void open(document)}
                      >
                        {document.DisplayName}
                      </Link>
                      {isNew ? (
                        <Chip
                          component="span"
                          id={markerOf}
                          label={marker}
                          size="small"
                          color="primary"
                          sx={{ ml: 1, verticalAlign: 'middle' }}
                        />
                      ) : null}
                    </>
                  }
                  secondary={fillPlaceholders(uploadedOn, {
                    date: formatUsDate(calendarDateIn(timeZone, new Date(document.DateUploaded))),
                  })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {/* Present from the start, so a screen reader says the files a refresh marks. */}
      <Box role="status" sx={visuallyHidden}>
        {markedNames.length > 0 ? `${marker}: ${markedNames.join(', ')}` : ''}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {settings.get('documentCenterTexts.loadErrorText')}
        </Alert>
      ) : null}
      {canUpload && props.upload ? (
        <FileUploader target={props.upload.target} onUploaded={props.upload.onUploaded} />
      ) : null}
    </Box>
  );
}
