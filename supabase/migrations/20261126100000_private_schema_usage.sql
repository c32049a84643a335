-- `authenticated` needs no usage on schema `private` (see 20261121200000_private_helpers.sql, which no longer grants
-- it): the dashboard views it reads reach private.percent by OID. Databases migrated before that change held the
-- grant; this takes it back, so an API role can name nothing in `private`. Its EXECUTE grants stay as they were.
revoke usage on schema private from authenticated;
