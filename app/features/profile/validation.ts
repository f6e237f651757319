import { isSport } from './sports.ts';

export interface ProfileFormValues {
  tagline: string;
  city: string;
  sport: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

/** 000 s5: tagline, city and sport are all required. */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  if (!values.tagline.trim()) errors.tagline = 'Tagline is required';
  if (!values.city.trim()) errors.city = 'City is required';
  if (!isSport(values.sport)) errors.sport = 'Primary sport is required';
  return errors;
}
