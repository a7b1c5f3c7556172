/** URL of a beads issue's history page (one page per issue, under its project). Pure. */

/** `<base>p/<project>/issue/<key>/`, with an optional `#anchor`. `base` ends with `/`. */
export function issueUrl(base: string, projectId: string, key: string, anchor?: string): string {
  return `${base}p/${projectId}/issue/${key}/${anchor ? `#${anchor}` : ''}`;
}
