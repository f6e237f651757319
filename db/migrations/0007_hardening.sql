CREATE TABLE `waiver_signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`waiver_id` integer NOT NULL,
	`key_id` text NOT NULL,
	`algorithm` text NOT NULL,
	`signature` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`waiver_id`) REFERENCES `waivers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waiver_signatures_waiver_key_uq` ON `waiver_signatures` (`waiver_id`,`key_id`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
DROP INDEX `sessions_user_idx`;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_used_at` integer;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `client_requests` ADD `request_hash` text;--> statement-breakpoint
-- D8 (issue 10): INSERT OR REPLACE / REPLACE INTO delete the conflicting row without firing DELETE triggers (unless
-- recursive_triggers is on), so a BEFORE INSERT trigger refuses any insert that would meet an existing waiver.
CREATE TRIGGER `waivers_no_replace` BEFORE INSERT ON `waivers`
WHEN EXISTS (
  SELECT 1 FROM `waivers`
  WHERE `id` = NEW.`id`
     OR (`user_id` = NEW.`user_id` AND `type` = NEW.`type` AND `text_version` = NEW.`text_version`)
)
BEGIN
  SELECT RAISE(ABORT, 'Signed waivers are legal records and cannot be replaced');
END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_no_update` BEFORE UPDATE ON `waiver_signatures`
BEGIN
  SELECT RAISE(ABORT, 'Waiver signatures are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_no_delete` BEFORE DELETE ON `waiver_signatures`
BEGIN
  SELECT RAISE(ABORT, 'Waiver signatures are append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `waiver_signatures_no_replace` BEFORE INSERT ON `waiver_signatures`
WHEN EXISTS (
  SELECT 1 FROM `waiver_signatures`
  WHERE `id` = NEW.`id` OR (`waiver_id` = NEW.`waiver_id` AND `key_id` = NEW.`key_id`)
)
BEGIN
  SELECT RAISE(ABORT, 'Waiver signatures are append-only');
END;
--> statement-breakpoint
-- D34: the audit log is append-only, whoever asks.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'The audit log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
BEGIN
  SELECT RAISE(ABORT, 'The audit log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_replace` BEFORE INSERT ON `audit_log`
WHEN EXISTS (SELECT 1 FROM `audit_log` WHERE `id` = NEW.`id`)
BEGIN
  SELECT RAISE(ABORT, 'The audit log is append-only');
END;
