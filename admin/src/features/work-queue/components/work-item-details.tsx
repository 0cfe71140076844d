import Box from '@mui/material/Box';

/** 'oldAddress' → 'Old address', 'zipCode' → 'Zip code', 'userName' → 'User name'. */
export function detailLabel(key: string): string {
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
        {String(value)}
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
