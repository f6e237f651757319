ALTER TABLE `tournament_registrations` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `tournament_registrations` ADD `checked_in_by` text;--> statement-breakpoint
ALTER TABLE `tournament_registrations` ADD `no_show_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `check_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `check_in_opened_at` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `check_in_closed_at` integer;