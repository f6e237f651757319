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

/**
 * Moves focus to the first invalid control of a form that the member can see, so keyboard and screen-reader users
 * land on the problem: the control named `first` when given (the first problem of a form in tabs, whose tab is
 * opening), else the first one shown. Ark sets aria-invalid in the render that follows setState, and a control in a
 * tab that is opening shows a frame or two later: it looks again for a few frames, then gives up.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, first?: string, frames = 10): void {
  requestAnimationFrame(() => {
    const invalid = [...(form?.querySelectorAll<HTMLElement>('[aria-invalid=true]') ?? [])];
    const isShown = (el: HTMLElement) => el.getClientRects().length > 0;
    const named = first === undefined ? undefined : invalid.find((el) => el.getAttribute('name') === first);
    const target = named ?? invalid.find(isShown);
    if (target && isShown(target)) target.focus();
    else if (frames > 1) focusFirstInvalid(form, first, frames - 1);
  });
}
