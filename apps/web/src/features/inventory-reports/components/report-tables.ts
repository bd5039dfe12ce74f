import type { TDailyReceived } from '@keystone/contracts';

/** Dollars with 2 decimals and thousands separators (000 §9), the same in every locale: 1234.5 → $1,234.50. */
export function formatDollars(value: number): string {
  const sign = value < 0 ? '-' : '';
  const [whole, cents] = Math.abs(value).toFixed(2).split('.');
  return `${sign}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Every calendar day from start to end (both included), YYYY-MM-DD. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${start}T00:00:00Z`);
    t <= Date.parse(`${end}T00:00:00Z`) && days.length <= 400;
    t += 86_400_000
  ) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** The chart's series: per location, the units received on each day of the range (0 on days without receipts). */
export function dailySeries(report: TDailyReceived): {
  days: string[];
  series: { location: string; units: number[] }[];
} {
  const days = daysBetween(report.startDate, report.endDate);
  return {
    days,
    series: report.data.map((l) => {
      const byDay = new Map(l.days.map((d) => [d.date, d.units]));
      return { location: l.location_code, units: days.map((d) => byDay.get(d) ?? 0) };
    }),
  };
}
