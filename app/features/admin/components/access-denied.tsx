import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { css } from '../../../../styled-system/css';
import { toast } from '../../../ui/toast.tsx';
import { ADMIN_DENIAL_REDIRECT_MS, type AccessDenial } from '../admin-access.ts';

const boxClass = css({ color: 'fg.muted', mx: 'auto', px: '4', py: '16', textAlign: 'center' });

/** 000 s6: the refusal toast, then home after 1.5 s. The page shows nothing of the control center meanwhile. */
export function AccessDenied({ denial }: { denial: AccessDenial }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: denial.title, description: denial.description, variant: 'destructive' });
    const timer = window.setTimeout(() => void navigate({ to: '/', replace: true }), ADMIN_DENIAL_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [denial.title, denial.description, navigate]);
  return (
    <div className={boxClass}>
      <p>Redirecting to the home page…</p>
    </div>
  );
}
