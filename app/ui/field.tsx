import { Field } from '@ark-ui/react/field';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';

const styles = field();

export type TextFieldProps = Omit<ComponentProps<'input'>, 'children'> & {
  label: ReactNode;
  /** The validation message; when set the input is marked invalid and described by it. */
  error?: string | undefined;
  helperText?: ReactNode;
  className?: string;
};

/**
 * Label + input + helper/error text, wired by Ark's Field: the label targets the input, the error text describes it
 * and sets aria-invalid.
 */
export function TextField({ label, error, helperText, className, required, disabled, ...inputProps }: TextFieldProps) {
  return (
    <Field.Root className={cx(styles.root, className)} invalid={Boolean(error)} required={required} disabled={disabled}>
      {/* No asterisk inside the label: its text stays exactly the field's name (aria-required carries the rule). */}
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Input className={styles.input} {...inputProps} />
      {helperText ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
