import { Copy } from 'lucide-react';
import { css } from '../../styled-system/css';
import { Button } from './button.tsx';
import { toast } from './toast.tsx';

const boxClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  borderColor: 'accent.default',
  borderWidth: '2px',
  borderRadius: 'l2',
  p: '3',
});
const titleClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const secretClass = css({
  fontFamily: 'mono',
  textStyle: 'sm',
  overflowWrap: 'anywhere',
  userSelect: 'all',
  bg: 'bg.subtle',
  borderRadius: 'l2',
  p: '3',
});
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export interface ShownOnceProps {
  /** What it is and that it will not be shown again. */
  title: string;
  secret: string;
  /** The secret's accessible name ('Your new API key'). */
  secretLabel: string;
  /** 'Key', 'Secret': the copy button says 'Copy Key'. */
  noun: string;
  onDone: () => void;
}

/** A secret the server gives once (an API key, a webhook's signing secret): shown with Copy and Done. */
export function ShownOnce({ title, secret, secretLabel, noun, onDone }: ShownOnceProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: `${noun} Copied`, description: 'Keep it somewhere safe: it will not be shown again.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: `Select the ${noun.toLowerCase()} and copy it.`,
        variant: 'destructive',
      });
    }
  };
  return (
    <div className={boxClass} role="status">
      <p className={titleClass}>{title}</p>
      <p className={secretClass} aria-label={secretLabel}>
        {secret}
      </p>
      <div className={actionsClass}>
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy {noun}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
