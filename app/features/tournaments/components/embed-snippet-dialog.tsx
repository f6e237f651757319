import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogBody, DialogFooter } from '../../../ui/dialog.tsx';
import { toast } from '../../../ui/toast.tsx';
import { embedSnippet, type EmbedTheme } from '../embed-snippet.ts';

const fieldStyles = field();
const textareaClass = css({
  fontFamily: 'mono',
  minHeight: '32',
  resize: 'vertical',
  textStyle: 'sm',
  wordBreak: 'break-all',
});
const themesClass = css({ border: 'none', display: 'flex', flexWrap: 'wrap', gap: '4', m: '0', p: '0' });
const legendClass = css({ fontWeight: 'semibold', mb: '2', textStyle: 'sm' });
const optionClass = css({ alignItems: 'center', display: 'inline-flex', gap: '2', minHeight: 'touch' });
const stackClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });

const THEMES: { value: EmbedTheme; label: string }[] = [
  { value: 'system', label: "Viewer's setting" },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/**
 * D45's Embed Bracket dialog: the iframe snippet for another site, a theme for it, and Copy Snippet. Loaded when
 * opened (the tournament page's first load stays within its budget).
 */
export default function EmbedSnippetDialog({
  tournament,
  onClose,
}: {
  tournament: { id: number; title: string };
  onClose: () => void;
}) {
  const [theme, setTheme] = useState<EmbedTheme>('system');
  const id = useId();
  const snippet = embedSnippet(window.location.origin, tournament, theme);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: 'Snippet copied', description: 'Paste it into your site where the bracket should appear.' });
    } catch {
      toast({ title: 'Error', description: 'Unable to copy the snippet', variant: 'destructive' });
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Embed Bracket"
      description="Show this tournament's live bracket on another site: paste this snippet into its page."
    >
      <DialogBody>
        <div className={stackClass}>
          <fieldset className={themesClass}>
            <legend className={legendClass}>Theme</legend>
            {THEMES.map((option) => (
              <label key={option.value} className={optionClass}>
                <input
                  type="radio"
                  name={`${id}-theme`}
                  value={option.value}
                  checked={theme === option.value}
                  onChange={() => setTheme(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <div className={fieldStyles.root}>
            <label htmlFor={`${id}-snippet`} className={fieldStyles.label}>
              Snippet
            </label>
            <textarea
              id={`${id}-snippet`}
              className={`${fieldStyles.input} ${textareaClass}`}
              readOnly
              value={snippet}
              rows={5}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          Copy Snippet
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
