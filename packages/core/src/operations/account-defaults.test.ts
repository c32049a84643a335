import { describe, expect, it } from "vitest";
import { ValidationError } from "../problem/validation-error.ts";
import { accountCurrency, otherCurrencies, utcToday } from "./account-defaults.ts";

const profile = (default_currency: string | null) => ({ default_currency, timezone: "UTC", today: "2026-01-01" });

describe("account defaults", () => {
  it("takes the parameter first, then the profile's default currency", () => {
    expect(accountCurrency("usd", profile("EUR"))).toEqual({ code: "USD", scale: 2 });
    expect(accountCurrency(undefined, profile("jpy"))).toEqual({ code: "JPY", scale: 0 });
  });

  it("422 on `currency` when there is none, or it is unknown", () => {
    for (
      const [requested, p, code] of [
        [undefined, null, "required"],
        [undefined, profile(null), "required"],
        ["ABC", profile("EUR"), "unknown_currency"],
        [undefined, profile("XAU"), "unknown_currency"],
      ] as const
    ) {
      try {
        accountCurrency(requested, p);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).errors[0]).toMatchObject({ parameter: "currency", code });
      }
    }
  });

  it("sorts and deduplicates the other currencies", () => {
    expect(otherCurrencies(["USD", "CHF", "EUR", "USD"], "EUR")).toEqual(["CHF", "USD"]);
  });

  it("today in UTC", () => {
    expect(utcToday(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31");
    expect(utcToday(new Date("2027-01-01T00:30:00+01:00"))).toBe("2026-12-31");
  });
});
