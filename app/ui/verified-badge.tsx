import { BadgeCheck } from 'lucide-react';
import { Badge } from './badge.tsx';

/** The gold badge of verified members (000 s1). */
export function VerifiedBadge() {
  return (
    <Badge tone="verified">
      <BadgeCheck aria-hidden="true" />
      Verified
    </Badge>
  );
}
