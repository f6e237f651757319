import { Field } from '@ark-ui/react/field';
import type { ComponentProps, ReactNode } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { useFieldDescription } from '../../../ui/field.tsx';

const styles = field();
const textareaClass = css({ minHeight: '32', py: '2', resize: 'vertical' });

export type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'children'> & {
  label: ReactNode;
  error?: string | undefined;
  helperText?: ReactNode;
};

/** Label + textarea + helper/error text, described by both (as app/ui/field.tsx does for inputs). */
export function TextAreaField({ label, error, helperText, required, className, ...props }: TextAreaFieldProps) {
  const { ids, describedBy } = useFieldDescription(Boolean(helperText), Boolean(error));
  return (
    <Field.Root className={styles.root} ids={ids} invalid={Boolean(error)} required={required}>
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Textarea
        className={cx(styles.input, textareaClass, className)}
        aria-describedby={describedBy}
        {...props}
      />
      {helperText ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
