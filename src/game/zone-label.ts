/**
 * How a competition's time zone is named beside a time the admin types or reads: "UK time" for
 * the Premier League's Europe/London, "Paris time" for the Champions League's Europe/Paris, "UTC"
 * for the World Cup's. Pure (Intl only), shared by the form and the server's messages.
 */
export function zoneLabel(zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  if (zone === 'Europe/London') return 'UK time';
  const city = zone.split('/').pop() ?? zone;
  return `${city.replace(/_/g, ' ')} time`;
}

/** The zone's abbreviation at an instant ("BST", "CET", "CEST", "UTC"), or "" when the platform has none. */
export function zoneAbbreviation(zone: string, instant: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    // An unknown zone name: no abbreviation rather than a broken screen.
    return '';
  }
}

/** An instant's wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) in a zone: what the admin's form shows. */
export function wallClockIn(zone: string, instant: Date): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}
