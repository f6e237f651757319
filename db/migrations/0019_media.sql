CREATE TABLE `media_day_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`time_zone` text DEFAULT 'America/New_York' NOT NULL,
	`place` text NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_day_events_date_idx` ON `media_day_events` (`date`,`id`);--> statement-breakpoint
CREATE TABLE `media_day_rsvps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`sport` text NOT NULL,
	`team_id` integer,
	`purpose` text NOT NULL,
	`arrival_time` text NOT NULL,
	`attendee_count` integer NOT NULL,
	`dietary_restrictions` text,
	`special_requests` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `media_day_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_day_rsvps_event_user_uq` ON `media_day_rsvps` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `media_day_rsvps_event_idx` ON `media_day_rsvps` (`event_id`);--> statement-breakpoint
CREATE INDEX `media_day_rsvps_user_idx` ON `media_day_rsvps` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `videos` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`uploaded_by` text,
	`created_at` integer NOT NULL
);
