-- The chain's trigger (migration 0031's audit_log_chain) finds the previous row's hash by the primary
-- key, whatever the statistics say. Its lookup (ORDER BY id DESC LIMIT 1) is planned once per session
-- and kept until audit_log's statistics change. Planned while they describe a log of a page or none (a
-- VACUUM ANALYZE at install, as the bench's generator runs), PostgreSQL read the whole log for every
-- row it chained, for the life of the session, as long as nothing analysed the log again: autovacuum
-- off (as on the CI machine), or PGlite, which has none. Measured in the bench: a batch of 837 read
-- rows took 22.9 s and 2.4 million buffers (a scan of the log per row), holding the chain's lock, so
-- every change's audit row, and with it every save and sign-in, waited, and the pool's requests timed
-- out. With sequential scans off inside the trigger, the lookup is the backward index scan at any size.
ALTER FUNCTION audit_log_chain() SET enable_seqscan = off;
