/** How long a session may be idle, or live at all, in words for the SESSION_EXPIRED message. */
export function durationInWords(ms: number): string {
  if (ms % 3600_000 === 0) return `${ms / 3600_000} hour${ms === 3600_000 ? '' : 's'}`;
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  return `${ms / 1000} second${ms === 1000 ? '' : 's'}`;
}
