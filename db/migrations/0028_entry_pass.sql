ALTER TABLE `tournament_registrations` ADD `entry_pass` text;--> statement-breakpoint
UPDATE `tournament_registrations` SET `entry_pass` = 'e1' || lower(hex(randomblob(16))) WHERE `entry_pass` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_entry_pass_uq` ON `tournament_registrations` (`entry_pass`);--> statement-breakpoint
CREATE TRIGGER `registrations_entry_pass_on_insert` AFTER INSERT ON `tournament_registrations` WHEN NEW.`entry_pass` IS NULL BEGIN
	UPDATE `tournament_registrations` SET `entry_pass` = 'e1' || lower(hex(randomblob(16))) WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE INDEX `registrations_team_idx` ON `tournament_registrations` (`team_id`) WHERE team_id is not null;
