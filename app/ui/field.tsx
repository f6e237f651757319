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
 * Label + input + helper/error text in plain HTML: the label targets the input, the helper and the error text
 * describe it and an error sets aria-invalid. Not Ark's Field (ADR 064): for this wiring it brought Ark's element
 * factory and environment, ~5 KiB gz, into the first load of every public page with a field.
 */
export function TextField({ label, error, helperText, className, required, disabled, ...inputProps }: TextFieldProps) {
  const parts = useFieldParts({ helperText, error, required, disabled });
  return (
    <div {...parts.root} className={cx(styles.root, className)}>
      {/* No asterisk inside the label: its text stays exactly the field's name (aria-required carries the rule). */}
      <label {...parts.label} className={styles.label}>
        {label}
      </label>
      <input {...parts.control} {...inputProps} className={styles.input} />
      {parts.helperText}
      {parts.errorText}
    </div>
  );
}

interface FieldPartsInput {
  helperText?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
}

/**
 * The attributes Ark's Field gave each part (data-scope/part for styling hooks, data-invalid/required/disabled,
 * the label's `for`), and the helper and error texts. The error text is rendered only while there is an error,
 * in a polite live region, as Ark's was.
 */
export function useFieldParts({ helperText, error, required, disabled }: FieldPartsInput) {
  const { ids, describedBy, controlId } = useFieldDescription(Boolean(helperText), Boolean(error));
  const invalid = Boolean(error);
  const state = {
    'data-invalid': invalid ? '' : undefined,
    'data-disabled': disabled ? '' : undefined,
  };
  return {
    root: { 'data-scope': 'field', 'data-part': 'root', ...state },
    label: {
      'data-scope': 'field',
      'data-part': 'label',
      htmlFor: controlId,
      'data-required': required ? '' : undefined,
      ...state,
    },
    control: {
      id: controlId,
      'aria-describedby': describedBy,
      'aria-invalid': invalid || undefined,
      'data-invalid': state['data-invalid'],
      required,
      disabled,
    },
    helperText: helperText ? (
      <span data-scope="field" data-part="helper-text" id={ids.helperText} className={styles.helperText}>
        {helperText}
      </span>
    ) : null,
    errorText: error ? (
      <span data-scope="field" data-part="error-text" id={ids.errorText} aria-live="polite" className={styles.errorText}>
        {error}
      </span>
    ) : null,
  };
}

/**
 * Ids for a field and the `aria-describedby` of its control, which names its helper and its error: several screen
 * readers do not announce `aria-errormessage`, and describing the control by both makes them heard wherever focus
 * lands (the form's Save moves focus to the first invalid field). The screens that still compose Ark's Field pass
 * these ids to its root.
 */
export function useFieldDescription(hasHelper: boolean, hasError: boolean) {
  const id = useId();
  const ids = { helperText: `${id}-helper`, errorText: `${id}-error` };
  const describedBy = [hasHelper ? ids.helperText : null, hasError ? ids.errorText : null].filter(Boolean).join(' ');
  // Not in `ids`: Ark's Field takes `ids.control` as its root's id.
  return { ids, describedBy: describedBy || undefined, controlId: `${id}-control` };
}
