import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PreviewFrameMessage, type PreviewMessage } from '@portal/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { usePreviewToken } from '../api/preview-token';
import {
  DEFAULT_PREVIEW_ROUTE,
  fitScale,
  PREVIEW_WIDTHS,
  type PreviewWidth,
} from '../utils/preview-route';

/** A request to show a route; `seq` makes a repeated request for the same route count. */
export interface PreviewRequest {
  route: string;
  seq: number;
}

interface PreviewPaneProps {
  slug: string;
  session: DraftSession;
  request: PreviewRequest | null;
  /** Follow the setting that has focus (offered when the caller handles focus). */
  follow?: { value: boolean; onChange: (value: boolean) => void };
}

const FRAME_HEIGHT = 900;
/** At most one settings message this often while the draft changes. */
const PREVIEW_INTERVAL_MS = 120;
/** Even the first message after a pause waits this long, so the keystroke paints first. */
const PREVIEW_MIN_DELAY_MS = 32;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * The scheme a draft's `themeOptions.colorScheme` shows: `system` follows this device, as the
 * portal in the frame does.
 */
function shownScheme(draft: string): 'light' | 'dark' {
  if (draft === 'dark') return 'dark';
  if (draft === 'system' && typeof window.matchMedia === 'function') {
    return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  return 'light';
}

/**
 * The portal in an iframe, opened with a preview token so it loads the draft, and fed every
 * change of the draft by postMessage as the staff member types (coalesced to one message per
 * animation frame). The portal says when it listens (`ready`) and where it is (`route`).
 */
export function PreviewPane({ slug, session, request, follow }: PreviewPaneProps) {
  const token = usePreviewToken(slug);
  const frame = useRef<HTMLIFrameElement>(null);
  /** The pop-out preview window, fed the same messages as the frame while it is open. */
  const popout = useRef<Window | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  // Untouched (null), the preview shows the draft's own colour scheme, as borrowers will see it;
  // Light or Dark, once chosen, overrides it (issue 20 item 25: the draft's was ignored).
  const [chosenScheme, setScheme] = useState<'light' | 'dark' | null>(null);
  const draftScheme = useSyncExternalStore(session.subscribe, () =>
    session.valueOf('themeOptions.colorScheme'),
  );
  const scheme = chosenScheme ?? shownScheme(draftScheme);
  const [route, setRoute] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [available, setAvailable] = useState(0);
  const [initialRoute] = useState(() => request?.route ?? DEFAULT_PREVIEW_ROUTE);
  const latest = useRef({ chosenScheme, request });
  useEffect(() => {
    latest.current = { chosenScheme, request };
  });

  const portalUrl = token.data?.portalUrl;
  const origin = portalUrl ? originOf(portalUrl) : '';

  const post = useCallback(
    (message: PreviewMessage) => {
      if (!origin) return;
      frame.current?.contentWindow?.postMessage(message, origin);
      if (popout.current && !popout.current.closed) popout.current.postMessage(message, origin);
    },
    [origin],
  );

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin) return;
      const fromFrame = event.source === frame.current?.contentWindow;
      const fromPopout = popout.current !== null && event.source === popout.current;
      if (!fromFrame && !fromPopout) return;
      const parsed = PreviewFrameMessage.safeParse(event.data);
      if (!parsed.success) return;
      if (parsed.data.type === 'portal-preview:ready') {
        if (fromFrame) setReady(true);
        post({ type: 'portal-preview:settings', document: session.getPreviewDocument() });
        const chosen = latest.current.chosenScheme;
        if (chosen) post({ type: 'portal-preview:color-scheme', scheme: chosen });
      } else if (fromFrame) {
        setRoute(parsed.data.route);
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, post, session]);

  // The portal in the frame re-renders on every settings message, on the admin's main thread
  // when both share an origin: while someone types, send at most one every PREVIEW_INTERVAL_MS
  // (the last one always goes), so its rendering does not delay the next keystroke.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastPost = Number.NEGATIVE_INFINITY;
    const send = () => {
      timer = undefined;
      lastPost = performance.now();
      post({ type: 'portal-preview:settings', document: session.getPreviewDocument() });
    };
    const unsubscribe = session.subscribe(() => {
      if (timer !== undefined) return;
      const wait = lastPost + PREVIEW_INTERVAL_MS - performance.now();
      timer = setTimeout(send, Math.max(PREVIEW_MIN_DELAY_MS, wait));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [session, post]);

  useEffect(() => {
    if (chosenScheme) post({ type: 'portal-preview:color-scheme', scheme: chosenScheme });
  }, [post, chosenScheme]);

  useEffect(() => {
    if (request && ready) post({ type: 'portal-preview:navigate', route: request.route });
  }, [post, ready, request]);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setAvailable(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const frameWidth = PREVIEW_WIDTHS[width];
  const scale = fitScale(available, frameWidth);

  return (
    <Box component="section" aria-labelledby="preview-heading" sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography id="preview-heading" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Preview
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={width}
          onChange={(_event, value: PreviewWidth | null) => value && setWidth(value)}
          aria-label="Preview width"
        >
          <ToggleButton value="desktop">Desktop</ToggleButton>
          <ToggleButton value="phone">Phone</ToggleButton>
        </ToggleButtonGroup>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={scheme}
          onChange={(_event, value: 'light' | 'dark' | null) => value && setScheme(value)}
          aria-label="Preview colour scheme"
        >
          <ToggleButton value="light">Light</ToggleButton>
          <ToggleButton value="dark">Dark</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        {follow && (
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={follow.value}
                onChange={(event) => follow.onChange(event.target.checked)}
              />
            }
            label="Follow the selected setting"
          />
        )}
        <Typography variant="body2" color="text.secondary" role="status">
          {ready ? `Showing the draft at ${route ?? initialRoute}` : 'Connecting to the portal…'}
        </Typography>
        {portalUrl && (
          <Button
            size="small"
            onClick={() => {
              // Not noopener: the pop-out follows the draft through postMessage like the frame.
              popout.current = window.open(
                `${portalUrl}#${route ?? initialRoute}`,
                'portal-preview',
                'popup,width=1280,height=900',
              );
            }}
          >
            Open the preview in a window
          </Button>
        )}
      </Box>
      {token.isError && (
        <Alert severity="error" role="alert">
          The preview cannot start: {errorMessage(token.error)}
        </Alert>
      )}
      <Box ref={box} sx={{ width: '100%', overflow: 'hidden' }}>
        {token.isPending && <CircularProgress aria-label="Starting the preview" />}
        {portalUrl && (
          <Box
            sx={{
              width: frameWidth * scale,
              height: FRAME_HEIGHT * scale,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              overflow: 'hidden',
              bgcolor: 'background.paper',
            }}
          >
            <iframe
              ref={frame}
              title="Portal preview with the draft settings"
              src={`${portalUrl}#${initialRoute}`}
              data-preview-width={width}
              style={{
                width: frameWidth,
                height: FRAME_HEIGHT,
                border: 0,
                transform: `scale(${scale})`,
                transformOrigin: '0 0',
              }}
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
