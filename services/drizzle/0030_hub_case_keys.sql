-- The hub keeps each received case's keys, not its values (issue 29 "Scale"): hub_package_cases held
-- every case's full text as jsonb beside the package's ZIP (hub_packages.content), which holds the same
-- cases as the department sent them, verified against their SHA-256 at the upload. Storing it was most
-- of the upload of a 10,000-case package (30 MB of jsonb parsed and written), and at a million cases a
-- year it was about 3 GB a year beside 0.2 GB of ZIPs. What read it now reads the ZIP: the national
-- ingest (a package ingested, or ingested again after the hub is upgraded) and the changes of a new
-- version against the one it replaces. The keys stay: the collision check reads them, the counts read
-- the months. Nothing is lost: every row dropped here is a case of a kept ZIP (a superseded version's
-- cases left this table when it was superseded; its ZIP stays).
ALTER TABLE "hub_package_cases" DROP COLUMN "data";
