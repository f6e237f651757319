import { Field } from '@ark-ui/react/field';
import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { useFieldDescription } from '../../../ui/field.tsx';

const styles = field();
const textareaClass = css({ minHeight: '28', py: '2', resize: 'vertical' });
const countClass = css({ color: 'fg.muted', textStyle: 'xs', textAlign: 'end' });

export type TextareaFieldProps = Omit<ComponentProps<'textarea'>, 'children' | 'value'> & {
  label: ReactNode;
  value: string;
  maxLength: number;
  error?: string | undefined;
  helperText?: ReactNode;
};

/** A bounded text area with the same label/helper/error wiring as TextField, and a count of what is left. */
export function TextareaField({ label, error, helperText, required, value, maxLength, ...props }: TextareaFieldProps) {
  const { ids, describedBy } = useFieldDescription(Boolean(helperText), Boolean(error));
  return (
    <Field.Root className={styles.root} ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Textarea
        className={cx(styles.input, textareaClass)}
        aria-describedby={describedBy}
        rows={4}
        value={value}
        maxLength={maxLength}
        {...props}
      />
      {helperText ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
      <span className={countClass} aria-hidden="true">
        {value.length}/{maxLength}
      </span>
    </Field.Root>
  );
}
