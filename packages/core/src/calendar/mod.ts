export { daysInMonth, formatDate, isLeapYear, isValidDate, monthOf, parseDate, yearOf } from "./dates.ts";
export type { YearMonthDay } from "./dates.ts";
export {
  addMonths,
  calendarMonthsSpanned,
  MAX_DATE,
  monthEnd,
  monthlyDatesThrough,
  monthStart,
  wholeMonthsBetween,
} from "./months.ts";
