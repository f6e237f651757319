CREATE TABLE `verification_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`application_reason` text NOT NULL,
	`achievements` text NOT NULL,
	`social_media` text,
	`team_affiliations` text,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verification_applications_pending_uq` ON `verification_applications` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `verification_applications_user_idx` ON `verification_applications` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `verification_applications_queue_idx` ON `verification_applications` (`created_at`,`id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `users_name_search_idx` ON `users` (lower(first_name || ' ' || last_name),`id`);--> statement-breakpoint
CREATE INDEX `users_last_name_search_idx` ON `users` (lower(last_name),`id`);--> statement-breakpoint
CREATE INDEX `team_members_coach_idx` ON `team_members` (`team_id`,`user_id`) WHERE position = 'coach';