import { describe, expect, it } from "vitest";
import { storedRuleId, uuidV5 } from "./stored-rule-id.ts";

describe("UUID v5 (RFC 9562)", () => {
  it("matches the RFC's example: www.example.com in the DNS namespace", () => {
    // RFC 9562 Appendix A.4.
    expect(uuidV5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.example.com")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("reads the namespace in any case and sets version 5 and the RFC variant", () => {
    const user = "7D0C9A5E-3F1B-4C2A-9E8D-1B2C3D4E5F60";
    const id = storedRuleId(user, "groceries");
    expect(id).toBe(storedRuleId(user.toLowerCase(), "groceries"));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("differs per rule id and per user", () => {
    const a = "7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60";
    const b = "00000000-0000-4000-8000-000000000001";
    expect(storedRuleId(a, "rent")).not.toBe(storedRuleId(a, "Rent"));
    expect(storedRuleId(a, "rent")).not.toBe(storedRuleId(b, "rent"));
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => storedRuleId("alice@example.com", "rent")).toThrow(/not a UUID/);
  });
});
