// D45: the iframe snippet the tournament page offers for the live bracket (/embed/tournaments/{id}/bracket).

export type EmbedTheme = 'system' | 'light' | 'dark';

/** An attribute value between double quotes: the tournament's name is the host's text. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The embed page's address: `?theme=` only when the framing site picks one (else the viewer's preference). */
export function embedUrl(origin: string, id: number, theme: EmbedTheme): string {
  const url = `${origin}/embed/tournaments/${id}/bracket`;
  return theme === 'system' ? url : `${url}?theme=${theme}`;
}

/** The HTML another site pastes: full width, 600 px high, no border, named for screen readers, loaded when near. */
export function embedSnippet(origin: string, tournament: { id: number; title: string }, theme: EmbedTheme): string {
  const src = attribute(embedUrl(origin, tournament.id, theme));
  const title = attribute(`${tournament.title} bracket`);
  return `<iframe src="${src}" width="100%" height="600" style="border:0" title="${title}" loading="lazy"></iframe>`;
}
