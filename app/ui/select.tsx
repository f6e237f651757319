import { Field } from '@ark-ui/react/field';
import { useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';
import { useFieldDescription } from './field.tsx';

const styles = field();

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Shown as a first, empty choice when the field starts without a value. */
  placeholder?: string;
  error?: string | undefined;
  helperText?: ReactNode;
  className?: string;
};

/** A native select (best on phones, free accessibility) with the same label/error wiring as TextField. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  helperText,
  className,
  required,
  disabled,
  ...selectProps
}: SelectFieldProps) {
  const { ids, describedBy } = useFieldDescription(Boolean(helperText), Boolean(error));
  const ref = useRef<HTMLSelectElement>(null);
  const { value } = selectProps;
  // When every option is disabled (a placeholder alone) nothing is selected and the select reads '': Preact (ADR
  // 042) then takes `value=""` as already set and skips it, leaving no choice shown. Select it as React would.
  useLayoutEffect(() => {
    const select = ref.current;
    if (select && value !== undefined && select.selectedIndex === -1) select.value = String(value);
  });
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
      <Field.Select ref={ref} className={styles.select} aria-describedby={describedBy} {...selectProps}>
        {placeholder !== undefined ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Field.Select>
      {helperText ? <Field.HelperText className={styles.helperText}>{helperText}</Field.HelperText> : null}
      <Field.ErrorText className={styles.errorText}>{error}</Field.ErrorText>
    </Field.Root>
  );
}
