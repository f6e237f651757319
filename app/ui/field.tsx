import { Field } from '@ark-ui/react/field';
import { useId, type ComponentProps, type ReactNode } from 'react';
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
 * Label + input + helper/error text, wired by Ark's Field: the label targets the input, the helper and the error text
 * describe it and an error sets aria-invalid.
 */
export function TextField({ label, error, helperText, className, required, disabled, ...inputProps }: TextFieldProps) {
  const { ids, describedBy } = useFieldDescription(Boolean(helperText), Boolean(error));
  return (
    <Field.Root
      className={cx(styles.root, className)}
      ids={ids}
      invalid={Boolean(error)}
      required={required}
      disabled={disabled}
    >
      {/* No asterisk inside the label: its text stays exactly the field's name (aria-required carries the rule). */}
      <Field.Label className={styles.label}>{label}</Field.Label>
      <Field.Input className={styles.input} aria-describedby={describedBy} {...inputProps} />
      {helperText ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * Ids for a Field and the `aria-describedby` of its control. Ark links the error text through `aria-errormessage`
 * only, which several screen readers do not announce; describing the control by its helper and its error as well
 * makes both heard wherever focus lands (the form's Save moves focus to the first invalid field).
 */
export function useFieldDescription(hasHelper: boolean, hasError: boolean) {
  const id = useId();
  const ids = { helperText: `${id}-helper`, errorText: `${id}-error` };
  const describedBy = [hasHelper ? ids.helperText : null, hasError ? ids.errorText : null].filter(Boolean).join(' ');
  return { ids, describedBy: describedBy || undefined };
}
