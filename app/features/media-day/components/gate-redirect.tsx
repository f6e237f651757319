import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast, type ToastInput } from '../../../ui/toast.tsx';
import { pageClass, titleClass, leadClass } from '../styles.ts';

/** A member the page is not for: the toast of 001 s8, then /dashboard (001 s2). */
export function GateRedirect({ heading, notice }: { heading: string; notice: ToastInput }) {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    // Once per mount, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    toast(notice);
    void navigate({ to: '/dashboard', replace: true });
  }, [navigate, notice]);
  return (
    <div className={pageClass}>
      <h1 className={titleClass}>{heading}</h1>
      <p role="status" className={leadClass}>
        {typeof notice.description === 'string' ? `${notice.description} ` : ''}Taking you to your dashboard...
      </p>
    </div>
  );
}
