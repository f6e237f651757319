/** The sport list some screens use, with its display labels (000 s1). */
export const sportOptions = [
  { value: 'basketball', label: 'Basketball' },
  { value: 'football', label: 'Flag Football' },
  { value: 'kickball', label: 'Kickball' },
  { value: 'slap', label: 'Slap Division' },
] as const;

export type Sport = (typeof sportOptions)[number]['value'];

export function isSport(value: string): value is Sport {
  return sportOptions.some((option) => option.value === value);
}
