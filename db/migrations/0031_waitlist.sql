CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tournament_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`team_id` integer,
	`state` text NOT NULL,
	`created_at` integer NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`closed_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_open_uq` ON `waitlist_entries` (`tournament_id`,`user_id`) WHERE "waitlist_entries"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_tournament_state_idx` ON `waitlist_entries` (`tournament_id`,`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_state_idx` ON `waitlist_entries` (`state`,`tournament_id`);