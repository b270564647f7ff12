/** SPEC: descriptions preview at 25 characters, then an ellipsis. */
export function preview(text: string, length = 25): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
