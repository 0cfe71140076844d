import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { logoPaths } from '@portal/themes';
import { useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { useUploadAsset, type AssetKind } from '../api/upload-asset';

interface Slot {
  kind: AssetKind;
  title: string;
  hint: string;
}

const SLOTS: readonly Slot[] = [
  {
    kind: 'logoFull',
    title: 'Full logo',
    hint: 'White on the primary colour; header and sign-in page.',
  },
  { kind: 'logoIcon', title: 'Square icon', hint: 'Small screens and the browser tab.' },
  { kind: 'footerImage', title: 'Footer image', hint: 'Shown in the footer of signed-out pages.' },
  { kind: 'background', title: 'Sign-in background', hint: 'Behind the sign-in form.' },
];

const ACCEPT = 'image/svg+xml,image/png,image/jpeg,image/webp';

interface BrandingUploadsProps {
  slug: string;
  cdnFolder: string;
  session: DraftSession;
  readOnly: boolean;
}

/**
 * Where the admin app reads a branding file: the server serves `/cdn/<folder>/…` only on the
 * institution's own hosts, so a file of the cdn folder is read through the admin API; any other
 * address (an https image) is shown as it is.
 */
export function brandingFileUrl(slug: string, cdnFolder: string, path: string): string {
  const prefix = `${cdnFolder.replace(/\/+$/, '')}/branding/`;
  return path.startsWith(prefix)
    ? `/admin-api/institutions/${encodeURIComponent(slug)}/branding/${path.slice(prefix.length)}`
    : path;
}

function UploadSlot({
  slot,
  slug,
  cdnFolder,
  current,
  readOnly,
  onUploaded,
}: {
  slot: Slot;
  slug: string;
  cdnFolder: string;
  current: string | undefined;
  readOnly: boolean;
  onUploaded: (path: string) => void;
}) {
  const upload = useUploadAsset(slug);
  const [path, setPath] = useState<string | undefined>(current);
  const [stamp, setStamp] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(
      { kind: slot.kind, file },
      {
        onSuccess: (answer) => {
          setPath(answer.path);
          setStamp(Date.now());
          onUploaded(answer.path);
        },
      },
    );
  }

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {slot.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {slot.hint}
      </Typography>
      {path && (
        <Box sx={{ bgcolor: 'primary.main', p: 1, borderRadius: 1, textAlign: 'center' }}>
          <Box
            component="img"
            src={
              stamp
                ? `${brandingFileUrl(slug, cdnFolder, path)}?v=${stamp}`
                : brandingFileUrl(slug, cdnFolder, path)
            }
            alt={`${slot.title} now in use`}
            sx={{ maxHeight: 64, maxWidth: '100%' }}
          />
        </Box>
      )}
      {upload.isError && (
        <Alert severity="error" role="alert">
          {errorMessage(upload.error)}
        </Alert>
      )}
      {upload.isSuccess && (
        <Typography variant="body2" role="status">
          Uploaded to {upload.data.path}.
        </Typography>
      )}
      {!readOnly && (
        <Box>
          {/* A real button opens the hidden file input: a label with a button role around an
              input is a nested control (axe). */}
          <Button
            variant="outlined"
            size="small"
            disabled={upload.isPending}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? 'Uploading…' : `Upload ${slot.title.toLowerCase()}`}
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            onChange={choose}
            hidden
            aria-label={`${slot.title} file`}
          />
        </Box>
      )}
    </Box>
  );
}

/** Logos and images in the institution's cdn folder (SVG, PNG, JPEG or WebP). */
export function BrandingUploads({ slug, cdnFolder, session, readOnly }: BrandingUploadsProps) {
  const logos = logoPaths(cdnFolder);
  const current: Partial<Record<AssetKind, string>> = {
    logoFull: logos.full,
    logoIcon: logos.icon,
  };
  const background = session.valueOf('loginOptions.backgroundImage');
  if (background) current.background = background;
  return (
    <Box component="section" aria-labelledby="branding-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="branding-heading" variant="h6" component="h2">
        Logos and images
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {SLOTS.map((slot) => (
          <UploadSlot
            key={slot.kind}
            slot={slot}
            slug={slug}
            cdnFolder={cdnFolder}
            current={current[slot.kind]}
            readOnly={readOnly}
            onUploaded={(path) => {
              if (slot.kind === 'background')
                session.setValue('loginOptions.backgroundImage', path);
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
