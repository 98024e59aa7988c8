-- Audit 20 (Art. 5 DSGVO): sessions keep no IP address any more (auth.server.ts,
-- disableIpTracking); the addresses stored so far go too. Nothing read them.
UPDATE "session" SET "ip_address" = NULL WHERE "ip_address" IS NOT NULL;
