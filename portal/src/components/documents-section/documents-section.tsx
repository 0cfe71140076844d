import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type AccountDocument, calendarDateIn, formatUsDate } from '@portal/domain';
import { useId, useState } from 'react';
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
 * The file services' documents about an account (spec 002 loan details, "only if file services
 * are on and not hidden") or a loan application (its details' documents block, "with view and
 * upload"): each with an icon by format, its name and its upload date, opened in a new window.
 * With `upload`, the file uploader follows the list, unless file services are off or the
 * institution hides the upload area (documentCenterOptions.hideUploadAreaOption, the document
 * center's setting, which these blocks follow too); `onUploaded` refreshes the list.
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
  const timeZone = settings.get('localeOptions.institutionTimeZone');
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
        Documents
      </Typography>
      {props.documents.length === 0 ? (
        <Typography>{settings.get('documentCenterTexts.noDocumentsText')}</Typography>
      ) : (
        <List dense aria-labelledby={headingId}>
          {props.documents.map((document) => (
            <ListItem key={document.FileId} disableGutters>
              <ListItemIcon sx={{ minWidth: 36 }} aria-hidden="true">
                <FormatIcon format={document.DisplayFormat} />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component="button" type="button" onClick={() => void open(document)}>
                    {document.DisplayName}
                  </Link>
                }
                secondary={`Uploaded ${formatUsDate(
                  calendarDateIn(timeZone, new Date(document.DateUploaded)),
                )}`}
              />
            </ListItem>
          ))}
        </List>
      )}
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
