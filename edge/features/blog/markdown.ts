import MarkdownIt from 'markdown-it';

/**
 * The blog's one Markdown renderer (D29), used by the admin's preview and by every read of a post, so what an admin
 * previews is what readers get. markdown-it (MIT, pure JavaScript: runs on Node and Workers) with raw HTML OFF: a
 * `<script>` or any tag in the source is shown as text, never parsed. Its link check refuses `javascript:`,
 * `vbscript:`, `file:` and non-image `data:` URLs (the link stays text). Every link opens with `noopener noreferrer`;
 * links off the site also open in a new tab.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen: NonNullable<typeof md.renderer.rules.link_open> = (tokens, idx, options, _env, self) =>
  self.renderToken(tokens, idx, options);

const renderLinkOpen = md.renderer.rules.link_open ?? defaultLinkOpen;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  // Site paths ("/tournaments/3") stay in the tab; anything with a scheme or host leaves the site.
  const offSite = !/^\/(?!\/)/.test(href) && !href.startsWith('#');
  token.attrSet('rel', offSite ? 'noopener noreferrer nofollow' : 'noopener noreferrer');
  if (offSite) token.attrSet('target', '_blank');
  return renderLinkOpen(tokens, idx, options, env, self);
};

/** The post's HTML: safe to insert as is (no raw HTML, checked links, escaped text). */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** D29: the first this many characters of the text are the post's excerpt. */
export const EXCERPT_LENGTH = 200;

/**
 * The post's plain text (what a reader reads, without Markdown's marks), whitespace collapsed, cut to D29's 200
 * characters. Made from markdown-it's tokens, so `**bold**` and `[a link](...)` count as "bold" and "a link".
 */
export function excerptOf(source: string): string {
  const parts: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') parts.push(' ');
      }
      parts.push(' ');
    } else if (token.type === 'code_block' || token.type === 'fence') {
      parts.push(token.content, ' ');
    }
  }
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return [...text].slice(0, EXCERPT_LENGTH).join('');
}
