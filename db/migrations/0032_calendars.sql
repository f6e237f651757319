CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_uq` ON `calendar_feeds` (`token`);--> statement-breakpoint
ALTER TABLE `tournaments` ADD `calendar_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `calendar_changed_at` integer;--> statement-breakpoint
CREATE TRIGGER `tournaments_calendar_sequence` AFTER UPDATE OF `title`, `description`, `location`, `start_date`, `end_date`, `status` ON `tournaments` WHEN OLD.`title` IS NOT NEW.`title` OR OLD.`description` IS NOT NEW.`description` OR OLD.`location` IS NOT NEW.`location` OR OLD.`start_date` IS NOT NEW.`start_date` OR OLD.`end_date` IS NOT NEW.`end_date` OR (OLD.`status` = 'cancelled') IS NOT (NEW.`status` = 'cancelled') BEGIN
	UPDATE `tournaments` SET `calendar_sequence` = `calendar_sequence` + 1, `calendar_changed_at` = CAST(unixepoch('subsec') * 1000 AS INTEGER) WHERE `id` = NEW.`id`;
END;
