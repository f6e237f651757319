/** A zod-like issue list, reduced to the first message per top-level field. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

export function fieldErrors<K extends string>(issues: readonly IssueLike[]): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as K] = issue.message;
  }
  return errors;
}

/** Moves focus to the first invalid control of a form so keyboard and screen-reader users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  // Ark sets aria-invalid after the render that follows setState, hence the frame.
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
  });
}
