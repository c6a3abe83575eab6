const YEAR_MONTH_DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/u;
const MONTH_DAY_YEAR = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/u;

/** Pattern id 11 (spec §5): `yyyy-MM-dd` naming a day that exists in the proleptic Gregorian calendar. */
export function isYearMonthDay(value: string): boolean {
  const match = YEAR_MONTH_DAY.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Pattern id 13 (spec §5): `MM-dd-yyyy` naming a day that exists in the proleptic Gregorian calendar. */
export function isMonthDayYear(value: string): boolean {
  const match = MONTH_DAY_YEAR.exec(value);
  return match !== null && isRealDay(Number(match[3]), Number(match[1]), Number(match[2]));
}

// Year 0000 is excluded: it has no place in the AD numbering a player would type.
function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
