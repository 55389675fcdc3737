/** ISO-8601 duration of a number of seconds, for <time dateTime>: 185 → 'PT3M5S', 0 → 'PT0S'. */
export function isoDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) ? Math.max(0, Math.floor(totalSeconds)) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${sec || (!h && !m) ? `${sec}S` : ''}`;
  return `PT${parts}`;
}
