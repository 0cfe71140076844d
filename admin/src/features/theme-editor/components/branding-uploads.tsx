import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ASSET_SETTING_KEYS, assetAcceptList, assetTypesInWords } from '@portal/domain';
import { SETTING_DEFINITIONS } from '@portal/settings-schema';
import { useRef, useSyncExternalStore, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { brandingFileUrl } from '../../../lib/branding/branding-files';
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

const PRIMARY_COLOR_KEY = 'themeOptions.primaryColor';
const DEFAULT_PRIMARY = SETTING_DEFINITIONS[PRIMARY_COLOR_KEY].default;
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

interface BrandingUploadsProps {
  slug: string;
  cdnFolder: string;
  session: DraftSession;
  readOnly: boolean;
}

/** A draft value as an address: a logo setting holds its file inside the cdn folder. */
function addressOf(cdnFolder: string, kind: AssetKind, value: string): string | undefined {
  if (value === '') return undefined;
  if (kind === 'logoFull' || kind === 'logoIcon')
    return `${cdnFolder.replace(/\/+$/, '')}/${value}`;
  return value;
}

function UploadSlot({
  slot,
  slug,
  cdnFolder,
  current,
  backdrop,
  readOnly,
  onUploaded,
}: {
  slot: Slot;
  /** What the portal shows the file on: the draft's header colour for a logo, else white. */
  backdrop: string;
  slug: string;
  cdnFolder: string;
  /** The file the draft names (undefined for a footer image, which has no setting of its own). */
  current: string | undefined;
  readOnly: boolean;
  onUploaded: (answer: { path: string; file: string }) => void;
}) {
  const upload = useUploadAsset(slug);
  const fileInput = useRef<HTMLInputElement>(null);
  const path = current ?? (upload.isSuccess ? upload.data.path : undefined);
  const inDraft = slot.kind !== 'footerImage';

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate({ kind: slot.kind, file }, { onSuccess: onUploaded });
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
        <Box
          sx={{
            bgcolor: backdrop,
            p: 1,
            borderRadius: 1,
            textAlign: 'center',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            component="img"
            src={brandingFileUrl(slug, cdnFolder, path)}
            alt={`${slot.title} in the draft`}
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
          {inDraft
            ? `Uploaded and put in the draft (${upload.data.file}): it goes live when the draft is published.`
            : `Uploaded to ${upload.data.file}: add it to the footer images with its description.`}
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
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {assetTypesInWords(slot.kind)}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            accept={assetAcceptList(slot.kind)}
            onChange={choose}
            hidden
            aria-label={`${slot.title} file`}
          />
        </Box>
      )}
    </Box>
  );
}

/**
 * Logos and images in the institution's cdn folder. An upload is stored under a name of its own
 * and put in the draft (ASSET_SETTING_KEYS): it is reviewed, published, versioned and restored
 * with the other settings, and nothing live changes until the draft is published.
 */
export function BrandingUploads({ slug, cdnFolder, session, readOnly }: BrandingUploadsProps) {
  // The draft's values, as they change (an upload, a restore, a typed path).
  const values = useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () =>
      `${session.valueOf(ASSET_SETTING_KEYS.logoFull)}\n${session.valueOf(ASSET_SETTING_KEYS.logoIcon)}\n${session.valueOf(ASSET_SETTING_KEYS.background)}\n${session.valueOf(PRIMARY_COLOR_KEY)}`,
  );
  const [logoFull = '', logoIcon = '', background = '', primary = ''] = values.split('\n');
  // A logo is drawn on the institution's header (its primary colour, as the draft has it), not on
  // the admin app's own navy: a logo that fails on its header must look wrong here too.
  const logoBackdrop = HEX_COLOR.test(primary) ? primary : DEFAULT_PRIMARY;
  const current: Partial<Record<AssetKind, string>> = {
    logoFull: addressOf(cdnFolder, 'logoFull', logoFull),
    logoIcon: addressOf(cdnFolder, 'logoIcon', logoIcon),
    background: addressOf(cdnFolder, 'background', background),
  };
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
            backdrop={
              slot.kind === 'logoFull' || slot.kind === 'logoIcon' ? logoBackdrop : '#ffffff'
            }
            readOnly={readOnly}
            onUploaded={(answer) => {
              if (slot.kind === 'footerImage') return;
              // Logo settings hold the file inside the cdn folder; the background its address.
              session.setValue(
                ASSET_SETTING_KEYS[slot.kind],
                slot.kind === 'background' ? answer.path : answer.file,
              );
            }}
          />
        ))}
      </Box>
    </Box>
  );
}
