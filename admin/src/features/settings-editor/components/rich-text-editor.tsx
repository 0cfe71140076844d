import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import IconButton from '@mui/material/IconButton';
import { sanitizeRichText } from '@portal/web-kit';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';

export interface RichTextEditorProps {
  id: string;
  labelledBy: string;
  describedBy: string;
  value: string;
  readOnly: boolean;
  invalid: boolean;
  onChange: (html: string) => void;
  onFocus: () => void;
  onBlur: () => void;
}

const SAFE_HREF = /^(?:https?:\/\/\S+|\/\S*|mailto:\S+|tel:\S+)$/i;

/** What an empty editor gives; saved as an empty text (no rich text). */
const EMPTY_DOCUMENT = '<p></p>';

function outputOf(editor: Editor): string {
  const html = editor.getHTML();
  return html === EMPTY_DOCUMENT ? '' : sanitizeRichText(html);
}

interface ToolProps {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, pressed, disabled, onClick, children }: ToolProps) {
  return (
    <IconButton
      size="small"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      color={pressed ? 'primary' : 'default'}
      sx={pressed ? { bgcolor: 'action.selected' } : undefined}
    >
      {children}
    </IconButton>
  );
}

// The dialog opens on its only field (MUI's focus trap leaves focus where it is inside).
function focusOnMount(element: HTMLInputElement | null) {
  element?.focus();
}

function LinkDialog({
  open,
  initial,
  onApply,
  onClose,
}: {
  open: boolean;
  initial: string;
  onApply: (href: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const trimmed = href.trim();
          if (!SAFE_HREF.test(trimmed)) {
            setError('Enter an http(s) address, a path starting with /, mailto: or tel:');
            return;
          }
          onApply(trimmed);
        }}
      >
        <DialogTitle id={titleId}>Link</DialogTitle>
        <DialogContent>
          <TextField
            inputRef={focusOnMount}
            fullWidth
            margin="dense"
            label="Link address"
            value={href}
            onChange={(event) => {
              setHref(event.target.value);
              setError(undefined);
            }}
            error={error !== undefined}
            helperText={error ?? 'For example https://example.com/help'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Apply link
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The tiptap rich-text editor of a setting: bold, italic, lists and links, or the HTML itself.
 * Whatever it produces passes through DOMPurify before it is saved (the portal sanitises again
 * when it renders).
 */
export function RichTextEditor({
  id,
  labelledBy,
  describedBy,
  value,
  readOnly,
  invalid,
  onChange,
  onFocus,
  onBlur,
}: RichTextEditorProps) {
  const [htmlMode, setHtmlMode] = useState(false);
  const [source, setSource] = useState<string | null>(null);
  const [linkDialog, setLinkDialog] = useState<{ href: string } | null>(null);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        // StarterKit 3 brings its own Link; this one is configured below.
        link: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] }),
    ],
    content: sanitizeRichText(value),
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': describedBy,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(outputOf(current)),
    onFocus: () => onFocus(),
    onBlur: () => onBlur(),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  // A value that changes from outside (reset, another save) replaces the editor's content.
  // tiptap destroys the editor of a render React threw away (a group left while it was still
  // mounting) and may hand that one to an effect: a destroyed editor has no schema to read.
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (outputOf(editor) !== value) {
      editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
    }
  }, [editor, value]);

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  const chain = () => editor.chain().focus();

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main', boxShadow: 1 },
      }}
    >
      {!readOnly && (
        <Box
          role="toolbar"
          aria-label="Formatting"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 0.5,
            px: 0.5,
            py: 0.25,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tool
            label="Bold"
            pressed={active.bold}
            disabled={htmlMode}
            onClick={() => chain().toggleBold().run()}
          >
            <FormatBoldIcon fontSize="small" />
          </Tool>
          <Tool
            label="Italic"
            pressed={active.italic}
            disabled={htmlMode}
            onClick={() => chain().toggleItalic().run()}
          >
            <FormatItalicIcon fontSize="small" />
          </Tool>
          <Tool
            label="Bulleted list"
            pressed={active.bulletList}
            disabled={htmlMode}
            onClick={() => chain().toggleBulletList().run()}
          >
            <FormatListBulletedIcon fontSize="small" />
          </Tool>
          <Tool
            label="Numbered list"
            pressed={active.orderedList}
            disabled={htmlMode}
            onClick={() => chain().toggleOrderedList().run()}
          >
            <FormatListNumberedIcon fontSize="small" />
          </Tool>
          <Tool
            label="Link"
            pressed={active.link}
            disabled={htmlMode}
            onClick={() => {
              const href = editor.getAttributes('link').href;
              setLinkDialog({ href: typeof href === 'string' ? href : '' });
            }}
          >
            <LinkIcon fontSize="small" />
          </Tool>
          <Tool
            label="Remove link"
            disabled={htmlMode || !active.link}
            onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            <LinkOffIcon fontSize="small" />
          </Tool>
          <Button
            size="small"
            sx={{ ml: 'auto' }}
            aria-pressed={htmlMode}
            onClick={() => {
              if (htmlMode)
                editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
              setSource(null);
              setHtmlMode((current) => !current);
            }}
          >
            {htmlMode ? 'Back to the editor' : 'Edit HTML'}
          </Button>
        </Box>
      )}
      {htmlMode ? (
        <TextField
          id={`${id}-html`}
          label="HTML"
          value={source ?? value}
          multiline
          minRows={4}
          fullWidth
          variant="filled"
          onChange={(event) => {
            setSource(event.target.value);
            onChange(sanitizeRichText(event.target.value));
          }}
          onFocus={onFocus}
          onBlur={() => {
            // Show what is saved: the sanitised HTML.
            setSource(null);
            onBlur();
          }}
          slotProps={{ htmlInput: { spellCheck: false, 'aria-describedby': describedBy } }}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
      ) : (
        <Box
          sx={{
            px: 1.5,
            '& .ProseMirror': { minHeight: 72, outline: 'none', py: 1 },
            '& .ProseMirror p': { my: 0.5 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      )}
      {linkDialog && (
        <LinkDialog
          open
          initial={linkDialog.href}
          onClose={() => setLinkDialog(null)}
          onApply={(href) => {
            setLinkDialog(null);
            chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </Box>
  );
}
