-- D8: a signed waiver is a legal record. The database itself refuses to change or remove one, whoever asks
-- (the API, a script, an admin shell), so the stored content hash can only ever describe the signed record.
CREATE TRIGGER `waivers_no_update` BEFORE UPDATE ON `waivers`
BEGIN
  SELECT RAISE(ABORT, 'Signed waivers are legal records and cannot be changed');
END;
--> statement-breakpoint
CREATE TRIGGER `waivers_no_delete` BEFORE DELETE ON `waivers`
BEGIN
  SELECT RAISE(ABORT, 'Signed waivers are legal records and cannot be changed');
END;
