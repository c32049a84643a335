import assert from "node:assert/strict";
import { createMigratedTestDatabase } from "../../tests/helpers/migrated-database.ts";
import { addLocalUser, checkNewUser, findLocalUser, LocalUserError } from "./local-users.ts";

Deno.test("local users: the email, currency and time zone are checked and normalized", () => {
  assert.deepEqual(checkNewUser({ email: " Me@Example.com ", currency: "eur", timezone: "Europe/Berlin" }), {
    email: "me@example.com",
    currency: "EUR",
    timezone: "Europe/Berlin",
  });
  assert.deepEqual(checkNewUser({ email: "me@example.com" }), {
    email: "me@example.com",
    currency: null,
    timezone: "UTC",
  });
  const refused = (user: Parameters<typeof checkNewUser>[0], message: RegExp) =>
    assert.throws(() => checkNewUser(user), (e) => e instanceof LocalUserError && message.test(e.message));
  refused({ email: "not-an-email" }, /is not an email address/);
  refused({ email: "me@example.com", currency: "EURO" }, /--currency must be an ISO 4217 code/);
  refused({ email: "me@example.com", currency: "XYZ" }, /--currency must be an ISO 4217 code/);
  refused({ email: "me@example.com", timezone: "Mars/Base" }, /--timezone must be an IANA time zone/);
});

Deno.test({
  name: "local users: added with an auth row and a profile, found by email, never twice",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const db = await createMigratedTestDatabase();
    try {
      const added = await addLocalUser(db.client, {
        email: "Me@Example.com",
        currency: "EUR",
        timezone: "Europe/Berlin",
      });
      assert.equal(added.email, "me@example.com");
      assert.deepEqual(await findLocalUser(db.client, "ME@example.com"), added);
      const [row] = await db.client.query<{ aud: string; role: string; default_currency: string; timezone: string }>(
        `select u.aud, u.role, p.default_currency, p.timezone from auth.users u join public.profiles p on p.user_id = u.id
         where u.id = $1::text::uuid`,
        [added.id],
      );
      assert.deepEqual({ ...row }, {
        aud: "authenticated",
        role: "authenticated",
        default_currency: "EUR",
        timezone: "Europe/Berlin",
      });
      await assert.rejects(
        addLocalUser(db.client, { email: "me@example.com" }),
        (e) => e instanceof LocalUserError && /exists already/.test(e.message),
      );
      assert.equal(await findLocalUser(db.client, "nobody@example.com"), undefined);
    } finally {
      await db.drop();
    }
  },
});
