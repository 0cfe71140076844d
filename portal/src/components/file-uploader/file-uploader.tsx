import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  fillPlaceholders,
  UPLOAD_ACCEPT,
  UPLOAD_MESSAGES,
  uploadFileIssue,
  uploadFormatOfName,
  uploadLimitBytes,
  uploadTooLargeMessage,
} from '@portal/domain';
import { visuallyHidden } from '@portal/web-kit';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { NativeSelectField } from '../form-fields/form-select-field';
import { useMobileCapabilities } from '../../lib/mobile/mobile-capabilities';
import { useSession } from '../../lib/session/session-context';
import { useSettings } from '../../lib/settings/settings-context';
import { fileTypesQuery, uploadFile, type UploadTarget } from '../../lib/uploads';

interface QueuedFile {
  key: number;
  file: File;
  /** The chosen file type's ID, '' until one is chosen. */
  fileTypeId: string;
  /** Shows the file type's 'Choose a file type' error (after a try to upload without one). */
  touched: boolean;
  /** 0 to 100 while or after sending; undefined before. */
  progress?: number;
  /** Why the file is never sent, told as it is added (the upload policy); undefined if it can be. */
  refusal?: string;
  /** What the server (or the line) answered the last try. */
  error?: string;
}

/**
 * Why a file cannot be sent, told before it is (the domain's upload policy: empty, over the
 * institution's limit, or a name of no accepted format), in the words the server would answer
 * with; the server decides again from the bytes.
 */
function refusalOf(file: File, limitBytes: number): string | undefined {
  const issue = uploadFileIssue(file, limitBytes);
  if (issue === 'tooLarge') return uploadTooLargeMessage(limitBytes);
  return issue ? UPLOAD_MESSAGES[issue] : undefined;
}

/**
 * The queue's icon by the file's extension (spec 002 "an icon by extension"), by the format the
 * upload policy reads from the name: a PDF, an image (JPEG, PNG, TIFF), or a plain document for
 * any name the policy refuses.
 */
function ExtensionIcon(props: { name: string }) {
  const format = uploadFormatOfName(props.name)?.format;
  if (format === 'pdf') return <PictureAsPdfOutlinedIcon aria-hidden="true" />;
  if (format) return <ImageOutlinedIcon aria-hidden="true" />;
  return <DescriptionOutlinedIcon aria-hidden="true" />;
}

const sendable = (queued: QueuedFile) => queued.refusal === undefined;

/**
 * The file uploader (spec 002 "File uploader" and "Upload"): a drag-and-drop zone (not on mobile
 * browsers or in the app), an Add Files button (a real file input, reachable by keyboard), the
 * queue (icon, name, a required file type, progress, error, remove) and Upload File(s).
 *
 * Files go one request each, one after the other (a phone on a slow line sends one file at a
 * time at full speed), each with a progress bar fed by the request's upload progress events.
 * Successful files leave the queue; failed ones stay with their error and their file type marked
 * touched; then `onUploaded` refreshes the document list. A file the upload policy refuses
 * before sending (empty, over the institution's size limit, not a document's name) shows the
 * server's words as it is added and is never sent, needs no file type, and does not by itself
 * enable Upload File(s). The caller shows it only with file services on.
 */
export function FileUploader(props: { target: UploadTarget; onUploaded(): void }) {
  const settings = useSettings();
  const { user, logout } = useSession();
  const { canDragAndDrop } = useMobileCapabilities();
  // "Hidden on mobile browsers": a phone's or tablet's browser (a coarse pointer, no hover) has
  // no files to drag, as the app has none (lib/mobile).
  const touchOnly = useMediaQuery('(hover: none) and (pointer: coarse)', { noSsr: true });
  const showDropZone = canDragAndDrop && !touchOnly;
  const fileTypes = useQuery(fileTypesQuery());
  const inputId = useId();
  const nextKey = useRef(0);
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const limitBytes = uploadLimitBytes(settings.get('documentCenterOptions.maxUploadMegabytes'));
  const texts = {
    dropZone: settings.get('fileUploadTexts.dropZoneText'),
    addFiles: settings.get('fileUploadTexts.addFilesButtonText'),
    upload: settings.get('fileUploadTexts.uploadButtonText'),
    typeRequired: settings.get('fileUploadTexts.fileTypeRequiredText'),
    network: settings.get('fileUploadTexts.networkErrorText'),
    server: settings.get('fileUploadTexts.serverErrorText'),
    fileType: settings.get('fileUploadTexts.fileTypeLabel'),
    queue: settings.get('fileUploadTexts.queueLabel'),
    progress: (name: string) =>
      fillPlaceholders(settings.get('fileUploadTexts.progressLabel'), { name }),
    remove: (name: string) =>
      fillPlaceholders(settings.get('fileUploadTexts.removeLabel'), { name }),
  };

  function add(files: FileList | null) {
    if (!files || files.length === 0) return;
    const added = [...files].map((file): QueuedFile => {
      nextKey.current += 1;
      return {
        key: nextKey.current,
        file,
        fileTypeId: '',
        touched: false,
        refusal: refusalOf(file, limitBytes),
      };
    });
    setQueue((current) => [...current, ...added]);
  }

  function update(key: number, change: Partial<QueuedFile>) {
    setQueue((current) =>
      current.map((queued) => (queued.key === key ? { ...queued, ...change } : queued)),
    );
  }

  async function uploadAll() {
    // A file that cannot be sent (too large, not a document) stays with its error, unsent.
    const sent = queue.filter(sendable);
    if (uploading || sent.length === 0) return;
    if (sent.some((queued) => queued.fileTypeId === '')) {
      // Every file sent needs a type (spec 002 section 5): nothing is sent until each has one.
      setQueue((current) =>
        current.map((queued) => (sendable(queued) ? { ...queued, touched: true } : queued)),
      );
      return;
    }
    setUploading(true);
    const succeeded = new Set<number>();
    for (const queued of sent) {
      update(queued.key, { progress: 0, error: undefined });
      const outcome = await uploadFile({
        target: props.target,
        file: queued.file,
        fileTypeId: Number(queued.fileTypeId),
        session: { servicingBranch: user?.servicingBranch, userToken: user?.userToken },
        onProgress: (progress) => update(queued.key, { progress }),
      });
      if (outcome.kind === 'unauthorized') {
        setUploading(false);
        await logout('unauthorized');
        return;
      }
      if (outcome.kind === 'uploaded') succeeded.add(queued.key);
      else {
        update(queued.key, {
          touched: true,
          error: outcome.kind === 'network' ? texts.network : (outcome.message ?? texts.server),
        });
      }
    }
    setQueue((current) => current.filter((queued) => !succeeded.has(queued.key)));
    setUploading(false);
    props.onUploaded();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!uploading) add(event.dataTransfer.files);
  }

  if (fileTypes.isError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {settings.get('documentCenterTexts.fileTypesErrorText')}
      </Alert>
    );
  }

  return (
    <Box sx={{ mt: 2 }}>
      {showDropZone ? (
        <Box
          data-testid="file-drop-zone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 1,
            p: 3,
            mb: 2,
            textAlign: 'center',
            bgcolor: dragging ? 'action.hover' : 'transparent',
          }}
        >
          <Typography color="text.secondary">{texts.dropZone}</Typography>
        </Box>
      ) : null}

      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        {/* A real file input, named by its label; the label looks like a button. */}
        <Button
          component="label"
          htmlFor={inputId}
          variant="outlined"
          startIcon={<AddIcon />}
          tabIndex={-1}
          role={undefined}
          disabled={uploading}
          sx={{ '&:has(input:focus-visible)': { outline: 2, outlineOffset: 2 } }}
        >
          {texts.addFiles}
          <Box
            component="input"
            id={inputId}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            disabled={uploading}
            sx={visuallyHidden}
            onChange={(event) => {
              add(event.currentTarget.files);
              // The same file can be picked again after it was removed.
              event.currentTarget.value = '';
            }}
          />
        </Button>
        <Button
          variant="contained"
          disabled={uploading || !queue.some(sendable)}
          onClick={() => void uploadAll()}
        >
          {texts.upload}
        </Button>
      </Stack>

      {queue.length > 0 ? (
        <Box component="ul" aria-label={texts.queue} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {queue.map((queued) => {
            // A file never sent needs no type: only its own refusal is shown.
            const missingType = sendable(queued) && queued.touched && queued.fileTypeId === '';
            const error = queued.refusal ?? queued.error;
            return (
              <Box
                component="li"
                key={queued.key}
                sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1 }}
              >
                <ExtensionIcon name={queued.file.name} />
                <Typography sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}>
                  {queued.file.name}
                </Typography>
                <Box sx={{ minWidth: '14rem' }}>
                  <NativeSelectField
                    size="small"
                    required
                    name={`file-type-${queued.key}`}
                    label={texts.fileType}
                    value={queued.fileTypeId}
                    disabled={uploading}
                    error={missingType ? texts.typeRequired : undefined}
                    options={[
                      // Nothing chosen until the borrower picks a type.
                      { value: '', label: '' },
                      ...(fileTypes.data?.FileTypes ?? []).map((type) => ({
                        value: String(type.ID),
                        label: type.Description,
                      })),
                    ]}
                    onChange={(value) => update(queued.key, { fileTypeId: value })}
                    onBlur={() => update(queued.key, { touched: true })}
                  />
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={queued.progress ?? 0}
                  aria-label={texts.progress(queued.file.name)}
                  sx={{ flex: '1 1 8rem' }}
                />
                <IconButton
                  aria-label={texts.remove(queued.file.name)}
                  disabled={uploading}
                  onClick={() =>
                    setQueue((current) => current.filter((other) => other.key !== queued.key))
                  }
                >
                  <CloseIcon />
                </IconButton>
                <Box aria-live="polite" sx={{ flexBasis: '100%' }}>
                  {error ? (
                    <Typography
                      color="error"
                      sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                    >
                      <ErrorOutlineIcon fontSize="small" aria-hidden="true" />
                      {error}
                    </Typography>
                  ) : null}
                </Box>
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
