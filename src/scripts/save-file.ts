/** Hands `data` to the browser as a download named `name`, of MIME type `type`. */
export function saveFile(data: BlobPart, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the object URL; it is released once the browser had time to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
