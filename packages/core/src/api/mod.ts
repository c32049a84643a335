export { parseMoney } from "./parseMoney.ts";
export { formatMoney } from "./formatMoney.ts";
export { divideHalfEven } from "./divideHalfEven.ts";
export { divideCeil } from "./divideCeil.ts";
export { percentage } from "./percentage.ts";
