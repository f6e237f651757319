import { Field } from '@ark-ui/react/field';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { field } from '../../../../styled-system/recipes';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField, useFieldDescription } from '../../../ui/field.tsx';
import { previewMarkdown, saveBlogPost, type BlogPost } from '../money-content-queries.ts';
import { cardPadClass, noteClass } from './styles.ts';

const fieldStyles = field();
const textareaClass = css({ fontFamily: 'mono', minHeight: '48', py: '2', resize: 'vertical' });
const modeClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const previewClass = css({
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  minHeight: '24',
  overflowWrap: 'anywhere',
  p: '4',
  '& h1, & h2, & h3': { fontWeight: 'extrabold', mt: '3' },
  '& h1': { textStyle: '2xl' },
  '& h2': { textStyle: 'xl' },
  '& p, & ul, & ol, & pre, & blockquote': { mt: '2' },
  '& ul': { listStyleType: 'disc', pl: '6' },
  '& ol': { listStyleType: 'decimal', pl: '6' },
  '& a': { color: 'accent.text', textDecoration: 'underline' },
  '& code': { fontFamily: 'mono' },
});
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold', textStyle: 'sm' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export interface BlogEditorProps {
  /** The post being edited, or null for a new one. */
  post: BlogPost | null;
  onSaved: (post: BlogPost) => Promise<void> | void;
  onCancel: () => void;
}

/**
 * The Markdown editor (D24, D29): title, category, the text in Markdown, and Preview, which the server renders with
 * the renderer the blog itself uses (raw HTML off), so what the admin sees is what readers will get.
 */
export function BlogEditor({ post, onSaved, onCancel }: BlogEditorProps) {
  const headingId = useId();
  const [title, setTitle] = useState(post?.title ?? '');
  const [category, setCategory] = useState(post?.category ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const online = useOnlineStatus();
  const contentDescription = useFieldDescription(true, Boolean(errors.content));
  const preview = useMutation({ mutationFn: () => previewMarkdown(content) });
  const save = useMutation({
    mutationFn: () =>
      saveBlogPost(post?.id ?? null, { title: title.trim(), category: category.trim() || null, content }),
    onSuccess: onSaved,
  });
  const submit = () => {
    const next = {
      title: title.trim() ? undefined : 'Title is required',
      content: content.trim() ? undefined : 'Content is required',
    };
    setErrors(next);
    if (next.content) setMode('write');
    if (!next.title && !next.content) save.mutate();
  };
  const showPreview = () => {
    setMode('preview');
    preview.mutate();
  };
  return (
    <Card className={cardPadClass}>
      <h3 id={headingId} className={css({ fontWeight: 'extrabold', textStyle: 'lg' })}>
        {post ? 'Edit Post' : 'New Post'}
      </h3>
      <form
        aria-labelledby={headingId}
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Title"
          required
          maxLength={200}
          value={title}
          error={errors.title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextField
          label="Category"
          maxLength={60}
          placeholder="League News"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        />
        <div className={modeClass} role="group" aria-label="Editor mode">
          <Button
            type="button"
            size="sm"
            variant={mode === 'write' ? 'solid' : 'outline'}
            aria-pressed={mode === 'write'}
            onClick={() => setMode('write')}
          >
            Write
          </Button>
          <Button
            type="button"
            size="sm"
            variant={mode === 'preview' ? 'solid' : 'outline'}
            aria-pressed={mode === 'preview'}
            disabled={!online}
            onClick={showPreview}
          >
            Preview
          </Button>
        </div>
        {mode === 'write' ? (
          <Field.Root
            className={fieldStyles.root}
            ids={contentDescription.ids}
            invalid={Boolean(errors.content)}
            required
          >
            <Field.Label className={fieldStyles.label}>Content (Markdown)</Field.Label>
            <Field.Textarea
              className={cx(fieldStyles.input, textareaClass)}
              aria-describedby={contentDescription.describedBy}
              maxLength={50_000}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
            <Field.HelperText className={fieldStyles.helperText}>
              Markdown: **bold**, *italic*, # headings, - lists, [links](https://…). HTML is shown as text.
            </Field.HelperText>
            <Field.ErrorText className={fieldStyles.errorText}>{errors.content}</Field.ErrorText>
          </Field.Root>
        ) : (
          <section aria-label="Preview" aria-busy={preview.isPending}>
            {preview.isPending ? (
              <p className={noteClass}>Rendering preview…</p>
            ) : preview.isError ? (
              <p role="alert" className={errorClass}>
                {getErrorMessage(preview.error) ?? 'The preview could not be rendered'}
              </p>
            ) : preview.data?.html ? (
              // The server's renderer escapes every tag of the source (raw HTML off) and checks every link (D29).
              <div className={previewClass} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            ) : (
              <p className={noteClass}>Nothing to preview yet.</p>
            )}
          </section>
        )}
        {save.isError ? (
          <p role="alert" className={errorClass}>
            {getErrorMessage(save.error) ?? 'The post could not be saved'}
          </p>
        ) : null}
        <div className={actionsClass}>
          <Button type="submit" disabled={save.isPending || !online}>
            {save.isPending ? 'Saving…' : post ? 'Save Changes' : 'Save Draft'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
