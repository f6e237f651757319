import { Code } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../ui/button.tsx';

const EmbedSnippetDialog = lazy(() => import('./embed-snippet-dialog.tsx'));

/** D45: Embed Bracket beside Share and the calendar links; the snippet's dialog loads when opened. */
export default function EmbedBracket({ tournament }: { tournament: { id: number; title: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Code aria-hidden="true" />
        Embed Bracket
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <EmbedSnippetDialog tournament={tournament} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
