import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense } from 'react';
import { describedByIds, labelIdOf, textOf } from '../utils/form-context';
import type { SettingWidgetProps } from './basic-widgets';

// tiptap and ProseMirror load only when a group with rich text opens.
const RichTextEditor = lazy(() =>
  import('../components/rich-text-editor').then((module) => ({ default: module.RichTextEditor })),
);

/** Rich text (bold, italic, lists, links) edited with tiptap; the output is sanitised. */
export const SettingRichTextWidget = memo(function SettingRichTextWidget(
  props: SettingWidgetProps,
) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const text = textOf(value);
  return (
    <Suspense
      fallback={
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 110 }}>
          Loading the editor…
        </Typography>
      }
    >
      <RichTextEditor
        id={id}
        labelledBy={labelIdOf(id)}
        describedBy={describedByIds(id, rawErrors)}
        value={text}
        readOnly={readonly === true || disabled === true}
        invalid={(rawErrors?.length ?? 0) > 0}
        onChange={onChange}
        onFocus={() => onFocus(id, text)}
        onBlur={() => onBlur(id, text)}
      />
    </Suspense>
  );
});
