import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { adminPath } from '../../../lib/api-client';

/** Keys whose words the general rule gets wrong (the specs' wire names). */
const DETAIL_LABELS: Readonly<Record<string, string>> = {
  Address1: 'Street address',
  Address2: 'Address line 2',
  address1: 'Street address',
  address2: 'Address line 2',
  returnUrl: 'Sent from page',
  ReturnURL: 'Sent from page',
};

/** Values sent as codes (the feedback's FeedbackType), in words. */
const DETAIL_VALUES: Readonly<Record<string, string>> = {
  CouldBeBetter: 'Could be better',
};

/** 'oldAddress' → 'Old address', 'zipCode' → 'Zip code', 'userName' → 'User name'. */
export function detailLabel(key: string): string {
  const known = DETAIL_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function DetailValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (typeof value === 'boolean') return <>{value ? 'Yes' : 'No'}</>;
  if (typeof value === 'string' || typeof value === 'number') {
    return (
      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {DETAIL_VALUES[String(value)] ?? String(value)}
      </Box>
    );
  }
  if (Array.isArray(value)) {
    if (value.every((entry) => typeof entry === 'string' || typeof entry === 'number')) {
      return (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {value.map((entry, index) => (
            <li key={index}>{String(entry)}</li>
          ))}
        </Box>
      );
    }
    return (
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        {value.map((entry, index) => (
          <li key={index}>
            <DetailValue value={entry} />
          </li>
        ))}
      </Box>
    );
  }
  if (isRecord(value)) return <WorkItemDetails details={value} nested />;
  return <>{JSON.stringify(value)}</>;
}

/**
 * What the sending module recorded, as a list of terms and values: the words of its keys, text as
 * typed (line breaks kept), lists as lists, and nested records (an address) as nested lists. The
 * modules shape their details differently (a message, the accounts and addresses of a contact
 * change), so nothing here knows a kind.
 */
export function WorkItemDetails({
  details,
  nested = false,
}: {
  details: Record<string, unknown>;
  nested?: boolean;
}) {
  const entries = Object.entries(details);
  if (entries.length === 0) return <>—</>;
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        ...(nested ? {} : { maxWidth: 800 }),
        '& dt': { fontWeight: 600 },
        '& dd': { m: 0 },
      }}
    >
      {entries.map(([key, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <dt>{detailLabel(key)}</dt>
          <dd>
            <DetailValue value={value} />
          </dd>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The borrower's file of a 'document' item: a link to the admin API's download of it (a plain
 * link: the browser saves the file, sent as an attachment). The server records who opened it.
 */
export function WorkItemDocumentLink(props: { slug: string; itemId: string }) {
  const href = adminPath('institutions', props.slug, 'work-items', props.itemId, 'document');
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Button variant="outlined" href={href} startIcon={<DownloadIcon aria-hidden="true" />}>
        Open document
      </Button>
      <Typography variant="body2" color="text.secondary">
        Downloads the borrower’s file. Opening it is recorded in the audit log.
      </Typography>
    </Box>
  );
}
