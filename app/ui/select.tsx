import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { field } from '../../styled-system/recipes';
import { useFieldParts } from './field.tsx';

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
  const parts = useFieldParts({ helperText, error, required, disabled });
  return (
    <div {...parts.root} className={cx(styles.root, className)}>
      {/* No asterisk inside the label: its text stays exactly the field's name (aria-required carries the rule). */}
      <label {...parts.label} className={styles.label}>
        {label}
      </label>
      <select {...parts.control} {...selectProps} className={styles.select}>
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
      </select>
      {parts.helperText}
      {parts.errorText}
    </div>
  );
}
