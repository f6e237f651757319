/** Saves text as a file the browser downloads: a Blob, an object URL and a temporary <a download>. */
export function downloadTextFile(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Some browsers read the URL after click() returns; release it once they are surely done.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
