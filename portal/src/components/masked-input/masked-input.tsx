import { useLayoutEffect, useRef, type ChangeEvent, type RefCallback } from 'react';
import { InputField, type InputFieldProps } from './input-field';
import { applyMaskedEdit } from './masks';

export interface MaskedInputProps extends Omit<
  InputFieldProps,
  'value' | 'onChange' | 'inputRef' | 'type'
> {
  /** `0` and `9` stand for a digit, anything else is a literal; undefined means free text. */
  mask: string | undefined;
  value: string;
  onValueChange(value: string): void;
  inputRef?: RefCallback<HTMLInputElement>;
}

/**
 * A text field with a digit mask (date of birth 00/00/0000, zip 99999, phone (000) 000-0000, an
 * account number). The value is the masked text; the literals are typed for the user and the
 * caret stays where the user was typing. Describe the format with `description`.
 */
export function MaskedInput({
  mask,
  value,
  onValueChange,
  inputRef,
  slotProps,
  ...props
}: MaskedInputProps) {
  const element = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = element.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  }, [value]);

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const raw = event.target.value;
    if (!mask) {
      onValueChange(raw);
      return;
    }
    const edit = applyMaskedEdit(raw, event.target.selectionStart ?? raw.length, value, mask);
    pendingCaret.current = edit.caret;
    onValueChange(edit.value);
  }

  return (
    <InputField
      {...props}
      type="text"
      value={value}
      onChange={handleChange}
      inputRef={(node: HTMLInputElement | null) => {
        element.current = node;
        inputRef?.(node);
      }}
      slotProps={{
        ...slotProps,
        input: {
          ...(mask ? { inputMode: 'numeric', maxLength: mask.length } : {}),
          ...slotProps?.input,
        },
      }}
    />
  );
}
