import { toast } from '../ui/toast.tsx';

/** Web Share where the device has it; otherwise the link goes to the clipboard (tournament pages, blog posts). */
export async function shareOrCopy(data: { title: string; text: string; url: string }): Promise<void> {
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Anything else (not allowed here): fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(data.url);
    toast({ title: 'Link copied', description: data.url });
  } catch {
    toast({ title: 'Error', description: 'Unable to copy the link', variant: 'destructive' });
  }
}
