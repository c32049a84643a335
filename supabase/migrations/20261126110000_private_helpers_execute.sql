-- The API roles only read: every write goes through the trusted import pipeline or the service role. So the check
-- constraints that call private.is_iana_timezone (profiles.timezone) and private.currency_minor_units (every currency
-- column) never run as `authenticated`, and no view or read function calls either. Their EXECUTE grants to
-- `authenticated` (20261121200000, 20261121230000) are taken back; `service_role` keeps them. `authenticated` keeps
-- EXECUTE on private.percent alone, which the dashboard views it reads call.
revoke execute on function private.is_iana_timezone(text) from authenticated;
revoke execute on function private.currency_minor_units(text) from authenticated;
